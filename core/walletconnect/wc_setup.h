// The node's WalletConnect context, made on first use from its configuration (MM2.json's
// `wallet_connect`) and platform, then started: what the wc_* methods and the session-wallet key
// policy reach it through.
#pragma once

#include <memory>

#include "core/async/task.h"
#include "core/walletconnect/wc_service.h"

namespace walletd {

class Node;

// InitializationError when this host opens no websockets (no StreamConnector, or none for the
// relay URL's scheme).
Task<std::shared_ptr<wc::Service>> walletConnectOf(Node& node);

}  // namespace walletd

// A request to a WalletConnect session wallet made during a withdraw (or any signing a family
// does for one), failing as the withdraw errors every family reports: the wallet refusing or
// staying silent is SigningError, an unreachable relay or a gone session Transport.
#pragma once

#include <memory>
#include <string>

#include "core/async/task.h"
#include "core/rpc/json.h"
#include "core/walletconnect/wc_service.h"

namespace walletd {

// The wallet's result of `method(params)` on `chain`. `timeout_note`, when not empty, is added to
// a timeout's message (e.g. that a transaction may still be sent).
Task<Json> askSessionWallet(std::shared_ptr<wc::Service> wallet_connect, std::string topic,
                            std::string chain, std::string method, Json params,
                            std::string timeout_note);

}  // namespace walletd

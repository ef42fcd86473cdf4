// Login at node start: no login, a passphrase used as given, or a named
// wallet whose mnemonic is stored sealed in the `wallet` namespace and opened with wallet_password
// (a new wallet is generated and sealed when none is stored). Failures are ConfigErrors with one
// clear sentence and no secret in them.
#pragma once

#include "core/async/task.h"
#include "core/node/node_config.h"
#include "core/platform/random.h"
#include "core/platform/storage.h"
#include "core/wallet/keys/wallet_keys.h"

namespace walletd {

Task<WalletKeys> loginWallet(const NodeConfig& config, Storage& storage, Random& random);

}  // namespace walletd

// task::enable_utxo::init|status|user_action|cancel: activation of a UTXO-protocol coin with the
// wallet's Iguana key in Native mode (the coin daemon's JSON-RPC, credentials from its conf file)
// or Electrum mode over TCP. SSL/WSS servers, HD wallets and the merge loop are refused with
// CoinCreationError until they land.
#pragma once

#include "core/rpc/method_table.h"

namespace walletd {

void registerUtxoActivation(MethodTable& table);

}  // namespace walletd

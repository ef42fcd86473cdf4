// The shared transaction methods: withdraw, send_raw_transaction, sign_raw_transaction and
// my_tx_history, each answered by the coin's family through ActiveCoin.
#pragma once

#include "core/rpc/method_table.h"

namespace walletd {

void registerTransactionMethods(MethodTable& table);

}  // namespace walletd

// withdraw and send_raw_transaction (legacy and mmrpc 2.0 forms), dispatched to the coin's family.
#pragma once

#include "core/rpc/method_table.h"

namespace walletd {

void registerWithdrawMethods(MethodTable& table);

}  // namespace walletd

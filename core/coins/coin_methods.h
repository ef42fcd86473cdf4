// The methods every coin family shares: get_enabled_coins, my_balance, disable_coin (legacy and
// mmrpc 2.0 forms).
#pragma once

#include "core/rpc/method_table.h"

namespace walletd {

void registerCoinMethods(MethodTable& table);

}  // namespace walletd

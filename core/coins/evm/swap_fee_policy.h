// get/set_swap_transaction_fee_policy (GL's get/set_swap_gas_fee_policy
// names too): the EIP-1559 fee level swaps use for an active EVM coin, kept in the `settings`
// storage namespace so it survives restarts.
#pragma once

#include "core/rpc/method_table.h"

namespace walletd {

void registerSwapFeePolicyMethods(MethodTable& table);

}  // namespace walletd

// The shared activation entry points: enable_eth_with_tokens, task::enable_eth::* and
// enable_erc20, routed to a family by the coins-file protocol type of the ticker.
#pragma once

#include "core/rpc/method_table.h"

namespace walletd {

void registerActivationMethods(MethodTable& table);

}  // namespace walletd

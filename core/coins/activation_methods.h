// The shared activation entry points: enable_eth_with_tokens, task::enable_eth::* and
// enable_erc20, routed to a family by the coins-file protocol type of the ticker.
#pragma once

#include "core/coins/coin_family.h"
#include "core/rpc/method_table.h"

namespace walletd {

void registerActivationMethods(MethodTable& table);

// The routes themselves, for the legacy `enable` (legacy_enable.cpp): a platform with the
// tokens it lists, and one token; each answers the v2 result and registers what it activated.
Task<Json> activatePlatformCoin(Node& node, PlatformActivationParams params);
Task<Json> activateTokenCoin(Node& node, TokenActivationParams params);

}  // namespace walletd

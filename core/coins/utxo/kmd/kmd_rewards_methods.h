// kmd_rewards_info (KDF's legacy-only method): for each unspent output of the active KMD coin,
// what it accrued by the chain's median time past, or KDF's reason why not, largest first.
#pragma once

#include "core/rpc/method_table.h"

namespace walletd {

void registerKmdRewardsMethods(MethodTable& table);

}  // namespace walletd

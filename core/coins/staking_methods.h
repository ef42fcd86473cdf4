// The staking methods (KDF's experimental::staking::*, and the names they had before).
#pragma once

#include "core/rpc/method_table.h"

namespace walletd {

void registerStakingMethods(MethodTable& table);

}  // namespace walletd

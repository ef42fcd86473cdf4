// The method table of a node: every feature's entries, each registered once, plus each coin
// family's own methods. Assembled here, above core/rpc/ (which knows no feature).
#pragma once

#include "core/coins/coin_family.h"
#include "core/rpc/method_table.h"

namespace walletd {

MethodTable buildMethodTable(const CoinFamilies& families);

}  // namespace walletd

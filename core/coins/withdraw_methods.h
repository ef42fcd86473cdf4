// withdraw and task::withdraw::* (withdraw_methods.cpp).
#pragma once

#include "core/coins/coin_family.h"
#include "core/rpc/method_table.h"

namespace walletd {

void registerWithdrawMethods(MethodTable& table, const CoinFamilies& families);

}  // namespace walletd

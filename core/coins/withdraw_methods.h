// withdraw and task::withdraw::* (withdraw_methods.cpp).
#pragma once

#include "core/rpc/method_table.h"

namespace walletd {

void registerWithdrawMethods(MethodTable& table);

}  // namespace walletd

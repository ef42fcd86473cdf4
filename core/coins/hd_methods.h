// The HD wallet methods (KDF's shapes and errors), for any coin whose ActiveCoin::hd() answers:
// get_new_address, account_balance and task::account_balance::*, task::scan_for_new_addresses::*.
#pragma once

#include "core/rpc/method_table.h"

namespace walletd {

void registerHdMethods(MethodTable& t);

}  // namespace walletd

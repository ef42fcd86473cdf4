// task::init_trezor::init|status|user_action|cancel and trezor_connection_status (KDF's
// init_hw.rs and trezor.rs).
#pragma once

#include "core/rpc/method_table.h"

namespace walletd {

void registerTrezorMethods(MethodTable& t);

}  // namespace walletd

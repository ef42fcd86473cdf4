// convertaddress and validateaddress, in legacy and mmrpc 2.0 form.
#pragma once

#include "core/rpc/method_table.h"

namespace walletd {

void registerAddressMethods(MethodTable& table);

}  // namespace walletd

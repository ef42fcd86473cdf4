// Registers version, stop and get_enabled_coins.
#pragma once

#include "core/rpc/method_table.h"

namespace walletd {
void registerNodeMethods(MethodTable& table);
}

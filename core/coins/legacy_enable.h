// KDF's legacy `enable` request, routed by the coin's family (legacy_enable.cpp).
#pragma once

#include "core/rpc/method_table.h"

namespace walletd {

void registerLegacyEnable(MethodTable& table);

}  // namespace walletd

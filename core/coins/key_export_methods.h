// get_private_keys (offline key export, spec §2.5), get_public_key and get_public_key_hash.
#pragma once

#include "core/rpc/method_table.h"

namespace walletd {

void registerKeyExportMethods(MethodTable& table);

}  // namespace walletd

// Registers the eleven gui_storage::* methods.
#pragma once

#include "core/rpc/method_table.h"

namespace walletd {
void registerGuiStorageMethods(MethodTable& table);
}

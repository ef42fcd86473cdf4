// Registers stream::heartbeat::enable and stream::disable.
#pragma once

#include "core/rpc/method_table.h"

namespace walletd {
void registerStreamMethods(MethodTable& table);
}

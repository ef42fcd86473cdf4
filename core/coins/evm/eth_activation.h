// enable_eth_with_tokens (spec §2.1, notes/kdf-compat.md §13.4): activates an EVM platform coin and
// its ERC20 tokens on the given nodes, after checking the nodes' chain id against the coins file.
// This build activates with the Iguana key; HD activation is refused clearly until it lands.
#pragma once

#include "core/rpc/method_table.h"

namespace walletd {

void registerEthActivationMethods(MethodTable& table);

}  // namespace walletd

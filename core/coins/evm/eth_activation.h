// enable_eth_with_tokens and task::enable_eth::init|status|user_action|cancel (spec §2.1,
// notes/kdf-compat.md §13.4): activates an EVM platform coin and its ERC20 tokens on the given
// nodes, after checking the nodes' chain id against the coins file — with the Iguana key or, in
// HD mode, an HD wallet (path_to_address, gap_limit, scan_policy, min_addresses_number).
#pragma once

#include "core/rpc/method_table.h"

namespace walletd {

void registerEthActivationMethods(MethodTable& table);

}  // namespace walletd

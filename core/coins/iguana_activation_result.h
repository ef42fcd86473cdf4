// KDF's answer to a platform activation with the Iguana key, shared by the families activated
// through enable_eth_with_tokens (EVM, TRON): {current_block, eth_addresses_infos,
// erc20_addresses_infos, nfts_infos}, each keyed by the one address, with the platform's and the
// tokens' balances — or, when get_balances is false, only the tokens' tickers.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "core/async/task.h"
#include "core/coins/active_coin.h"

namespace walletd {

// `pubkey_hex` is the key as KDF writes it there (uncompressed SEC1 hex). Balances are read
// through each coin's myBalance.
Task<Json> iguanaActivationResult(ActiveCoin& platform,
                                  std::vector<std::shared_ptr<ActiveCoin>> tokens,
                                  std::string pubkey_hex, bool get_balances,
                                  std::uint64_t current_block);

}  // namespace walletd

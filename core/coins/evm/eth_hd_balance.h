// HD wallets on an EVM platform: KDF's gap-limit scan of each known account's External chain (an
// address is used once it has sent a transaction or holds the coin or any activated token) and
// the wallet balance report of spec WalletBalanceInfo, with a per-ticker balance for every
// address and account.
#pragma once

#include <memory>
#include <vector>

#include "core/coins/evm/evm_coins.h"

namespace walletd {

// Extends every known account past its last used address: stops after `gap_limit` unused
// addresses in a row, starting at the first address the account has not handed out yet.
Task<void> scanHdAccounts(EthPlatform& platform, std::vector<std::shared_ptr<Erc20Token>> tokens,
                          std::uint32_t gap_limit);

// {"wallet_type":"HD","accounts":[...]} over the known addresses of every account.
Task<WalletBalanceInfo> hdWalletBalance(EthPlatform& platform,
                                        std::vector<std::shared_ptr<Erc20Token>> tokens);

}  // namespace walletd

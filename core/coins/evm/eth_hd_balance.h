// HD wallets on an EVM platform, through the shared scan and report (hd_balance_report.h): an
// address is used once it has sent a transaction or holds the coin or any activated token; the
// report has the platform's and each token's balance for every address and account.
#pragma once

#include <memory>
#include <vector>

#include "core/coins/evm/evm_coins.h"
#include "core/wallet/hd/hd_objects.h"

namespace walletd {

Task<void> scanEthHdAccounts(EthPlatform& platform, std::vector<std::shared_ptr<Erc20Token>> tokens,
                             std::uint32_t gap_limit);

Task<WalletBalanceInfo> ethHdWalletBalance(EthPlatform& platform,
                                           std::vector<std::shared_ptr<Erc20Token>> tokens);

}  // namespace walletd

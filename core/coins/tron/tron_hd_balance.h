// HD wallets on a TRON platform, through the shared scan and report (hd_balance_report.h): an
// address is used when the node knows its account or it holds a balance of an activated TRC20
// token; the report has TRX and each token's balance for every address and account, addresses in
// base58.
#pragma once

#include <memory>
#include <vector>

#include "core/coins/tron/tron_coins.h"
#include "core/wallet/hd/hd_objects.h"

namespace walletd {

Task<void> scanTronHdAccounts(TronPlatform& platform,
                              std::vector<std::shared_ptr<Trc20Token>> tokens,
                              std::uint32_t gap_limit);

Task<WalletBalanceInfo> tronHdWalletBalance(TronPlatform& platform,
                                            std::vector<std::shared_ptr<Trc20Token>> tokens);

}  // namespace walletd

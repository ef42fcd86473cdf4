// TRON HD scanning and balances, one node call at a time (the account, then each token's
// balanceOf).
#include "core/coins/tron/tron_hd_balance.h"

#include "core/wallet/hd/hd_balance_report.h"

namespace walletd {

Task<void> scanTronHdAccounts(TronPlatform& platform,
                              std::vector<std::shared_ptr<Trc20Token>> tokens,
                              std::uint32_t gap_limit) {
  HdWallet& hd = *platform.hdWallet();
  auto is_used = [&platform, &hd, &tokens](HdAddressRef ref) -> Task<bool> {
    const EthAddress account = hd.keccakKeyAt(ref).account;
    if (co_await platform.node().account(account)) co_return true;
    for (const auto& token : tokens) {
      if (!(co_await platform.tokenBalance(token->contract(), account)).isZero()) co_return true;
    }
    co_return false;
  };
  co_await scanHdAccounts(hd, is_used, gap_limit);
}

Task<WalletBalanceInfo> tronHdWalletBalance(TronPlatform& platform,
                                            std::vector<std::shared_ptr<Trc20Token>> tokens) {
  HdWallet& hd = *platform.hdWallet();
  std::vector<HdBalanceColumn> columns{{platform.ticker(), TronPlatform::kDecimals}};
  for (const auto& token : tokens) columns.push_back({token->ticker(), token->decimals()});
  auto read = [&platform, &hd, &tokens](HdAddressRef ref) -> Task<HdAddressReading> {
    const EthAddress account = hd.keccakKeyAt(ref).account;
    HdAddressReading out;
    out.address = tronBase58(account);
    out.amounts.push_back(UInt256(co_await platform.balanceSun(account)));
    for (const auto& token : tokens) {
      out.amounts.push_back(co_await platform.tokenBalance(token->contract(), account));
    }
    co_return out;
  };
  co_return co_await hdWalletBalance(hd, std::move(columns), read);
}

}  // namespace walletd

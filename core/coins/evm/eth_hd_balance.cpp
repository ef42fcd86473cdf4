// EVM HD scanning and balances, one node call at a time (ETH balance, then each token's).
#include "core/coins/evm/eth_hd_balance.h"

#include "core/wallet/hd/hd_balance_report.h"

namespace walletd {

Task<void> scanEthHdAccounts(EthPlatform& platform, std::vector<std::shared_ptr<Erc20Token>> tokens,
                             std::uint32_t gap_limit) {
  HdWallet& hd = *platform.hdWallet();
  auto is_used = [&platform, &hd, &tokens](HdAddressRef ref) -> Task<bool> {
    const EthAddress address = hd.keccakKeyAt(ref).account;
    if (!(co_await platform.transactionCount(address, "latest")).isZero()) co_return true;
    if (!(co_await platform.balanceWei(address)).isZero()) co_return true;
    for (const auto& token : tokens) {
      if (!(co_await platform.tokenBalance(token->contract(), address)).isZero()) co_return true;
    }
    co_return false;
  };
  co_await scanHdAccounts(hd, is_used, gap_limit);
}

Task<WalletBalanceInfo> ethHdWalletBalance(EthPlatform& platform,
                                           std::vector<std::shared_ptr<Erc20Token>> tokens) {
  HdWallet& hd = *platform.hdWallet();
  std::vector<HdBalanceColumn> columns{{platform.ticker(), 18}};
  for (const auto& token : tokens) columns.push_back({token->ticker(), token->decimals()});
  auto read = [&platform, &hd, &tokens](HdAddressRef ref) -> Task<HdAddressReading> {
    const EthAddress address = hd.keccakKeyAt(ref).account;
    HdAddressReading out;
    out.address = eip55Checksum(address);
    out.amounts.push_back(co_await platform.balanceWei(address));
    for (const auto& token : tokens) {
      out.amounts.push_back(co_await platform.tokenBalance(token->contract(), address));
    }
    co_return out;
  };
  co_return co_await hdWalletBalance(hd, std::move(columns), read);
}

}  // namespace walletd

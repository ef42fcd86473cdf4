// EVM HD scanning and balances, one node call at a time (ETH balance, then each token's).
#include "core/coins/evm/eth_hd_balance.h"

#include <map>

namespace walletd {
namespace {

Task<bool> isAddressUsed(EthPlatform& platform,
                         const std::vector<std::shared_ptr<Erc20Token>>& tokens,
                         EthAddress address) {
  if (!(co_await platform.transactionCount(address, "latest")).isZero()) co_return true;
  if (!(co_await platform.balanceWei(address)).isZero()) co_return true;
  for (const auto& token : tokens) {
    if (!(co_await platform.tokenBalance(token->contract(), address)).isZero()) co_return true;
  }
  co_return false;
}

// Balances of one address in smallest units, platform first then tokens.
Task<std::vector<UInt256>> addressBalances(EthPlatform& platform,
                                           const std::vector<std::shared_ptr<Erc20Token>>& tokens,
                                           EthAddress address) {
  std::vector<UInt256> out;
  out.push_back(co_await platform.balanceWei(address));
  for (const auto& token : tokens) {
    out.push_back(co_await platform.tokenBalance(token->contract(), address));
  }
  co_return out;
}

CoinBalanceMap balanceMap(const EthPlatform& platform,
                          const std::vector<std::shared_ptr<Erc20Token>>& tokens,
                          const std::vector<UInt256>& amounts) {
  CoinBalanceMap out;
  out.emplace_back(platform.ticker(), spendableBalance(amounts[0], 18));
  for (std::size_t i = 0; i < tokens.size(); ++i) {
    out.emplace_back(tokens[i]->ticker(), spendableBalance(amounts[i + 1], tokens[i]->decimals()));
  }
  return out;
}

}  // namespace

Task<void> scanHdAccounts(EthPlatform& platform, std::vector<std::shared_ptr<Erc20Token>> tokens,
                          std::uint32_t gap_limit) {
  EvmHdWallet& hd = *platform.hdWallet();
  const std::vector<HdAccountRecord> accounts = hd.accounts();
  for (const HdAccountRecord& account : accounts) {
    std::uint32_t known = account.external_addresses;
    std::uint32_t unused_in_row = 0;
    for (std::uint32_t index = known;
         unused_in_row < gap_limit && index < EvmHdWallet::kMaxAddressesPerAccount; ++index) {
      const EvmSigner signer = hd.signerAt(account.account_id, index);
      if (co_await isAddressUsed(platform, tokens, signer.address)) {
        known = index + 1;
        unused_in_row = 0;
      } else {
        ++unused_in_row;
      }
    }
    hd.ensureAddresses(account.account_id, known);
  }
}

Task<WalletBalanceInfo> hdWalletBalance(EthPlatform& platform,
                                        std::vector<std::shared_ptr<Erc20Token>> tokens) {
  EvmHdWallet& hd = *platform.hdWallet();
  WalletBalanceInfo out;
  for (const HdAccountRecord& account : hd.accounts()) {
    WalletAccountInfo info;
    info.account_index = account.account_id;
    info.derivation_path = hd.accountPath(account.account_id).str();
    std::vector<UInt256> totals(tokens.size() + 1);
    for (std::uint32_t index = 0; index < account.external_addresses; ++index) {
      const EvmSigner signer = hd.signerAt(account.account_id, index);
      const std::vector<UInt256> amounts =
          co_await addressBalances(platform, tokens, signer.address);
      for (std::size_t i = 0; i < amounts.size(); ++i) {
        auto sum = totals[i].add(amounts[i]);
        if (sum) totals[i] = *sum;
      }
      AccountAddressInfo address;
      address.address = signer.checksumAddress();
      address.derivation_path = signer.derivation_path;
      address.chain = Bip44Chain::External;
      address.balance = balanceMap(platform, tokens, amounts);
      info.addresses.push_back(std::move(address));
    }
    info.total_balance = balanceMap(platform, tokens, totals);
    out.accounts.push_back(std::move(info));
  }
  co_return out;
}

}  // namespace walletd

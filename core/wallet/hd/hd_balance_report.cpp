// HD gap scan and balance report over family-provided address checks.
#include "core/wallet/hd/hd_balance_report.h"

namespace walletd {
namespace {

CoinBalanceMap balanceMap(const std::vector<HdBalanceColumn>& columns,
                          const std::vector<UInt256>& amounts) {
  CoinBalanceMap out;
  for (std::size_t i = 0; i < columns.size() && i < amounts.size(); ++i) {
    out.emplace_back(columns[i].ticker, spendableBalance(amounts[i], columns[i].decimals));
  }
  return out;
}

}  // namespace

Task<void> scanHdAccounts(HdWallet& hd, HdAddressUsedCheck is_used, std::uint32_t gap_limit) {
  const std::vector<HdAccountRecord> accounts = hd.accounts();
  for (const HdAccountRecord& account : accounts) {
    std::uint32_t known = account.external_addresses;
    std::uint32_t unused_in_row = 0;
    for (std::uint32_t index = known;
         unused_in_row < gap_limit && index < HdWallet::kMaxAddressesPerAccount; ++index) {
      const HdAddressRef address{account.account_id, index};
      if (co_await is_used(address)) {
        known = index + 1;
        unused_in_row = 0;
      } else {
        ++unused_in_row;
      }
    }
    hd.ensureAddresses(account.account_id, known);
  }
}

Task<WalletBalanceInfo> hdWalletBalance(const HdWallet& hd, std::vector<HdBalanceColumn> columns,
                                        HdAddressReader read) {
  WalletBalanceInfo out;
  for (const HdAccountRecord& account : hd.accounts()) {
    WalletAccountInfo info;
    info.account_index = account.account_id;
    info.derivation_path = hd.accountPath(account.account_id).str();
    std::vector<UInt256> totals(columns.size());
    for (std::uint32_t index = 0; index < account.external_addresses; ++index) {
      const HdAddressRef ref{account.account_id, index};
      HdAddressReading reading = co_await read(ref);
      for (std::size_t i = 0; i < totals.size() && i < reading.amounts.size(); ++i) {
        if (auto sum = totals[i].add(reading.amounts[i])) totals[i] = *sum;
      }
      AccountAddressInfo address;
      address.address = std::move(reading.address);
      address.derivation_path = hd.addressPath(ref).str();
      address.chain = Bip44Chain::External;
      address.balance = balanceMap(columns, reading.amounts);
      info.addresses.push_back(std::move(address));
    }
    info.total_balance = balanceMap(columns, totals);
    out.accounts.push_back(std::move(info));
  }
  co_return out;
}

}  // namespace walletd

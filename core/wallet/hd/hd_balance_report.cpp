// HD gap scan and balance report over family-provided address checks.
#include "core/wallet/hd/hd_balance_report.h"

#include <algorithm>

namespace walletd {

BalanceObject hdBalanceObject(const std::vector<HdBalanceColumn>& columns,
                              const HdAddressReading& reading) {
  CoinBalanceMap out;
  for (std::size_t i = 0; i < columns.size() && i < reading.amounts.size(); ++i) {
    BalanceInfo balance = spendableBalance(reading.amounts[i], columns[i].decimals);
    if (i < reading.unspendable.size())
      balance.unspendable = spendableBalance(reading.unspendable[i], columns[i].decimals).spendable;
    out.emplace_back(columns[i].ticker, std::move(balance));
  }
  return out;
}

void HdBalanceTotals::add(const HdAddressReading& reading) {
  const auto addTo = [](std::vector<UInt256>& totals, const std::vector<UInt256>& amounts) {
    for (std::size_t c = 0; c < totals.size() && c < amounts.size(); ++c)
      if (auto sum = totals[c].add(amounts[c])) totals[c] = *sum;
  };
  addTo(sum_.amounts, reading.amounts);
  addTo(sum_.unspendable, reading.unspendable);
}

Task<std::vector<HdAddressRef>> scanHdChain(HdWallet& hd, std::uint32_t account_id,
                                            Bip44Chain chain, const HdAddressesUsedCheck& check,
                                            std::uint32_t gap_limit) {
  const std::uint32_t before = hd.addressCount(account_id, chain);
  std::uint32_t known = before;
  std::uint32_t unused_in_row = 0;
  std::uint32_t next = before;
  while (unused_in_row < gap_limit && next < HdWallet::kMaxAddressesPerAccount) {
    // The window that could still end the scan: what is left of the gap.
    const std::uint32_t size =
        std::min(gap_limit - unused_in_row, HdWallet::kMaxAddressesPerAccount - next);
    std::vector<HdAddressRef> window;
    for (std::uint32_t i = 0; i < size; ++i) window.push_back({account_id, next + i, chain});
    const std::vector<bool> used = co_await check(window);
    for (std::uint32_t i = 0; i < size; ++i) {
      if (i < used.size() && used[i]) {
        known = next + i + 1;
        unused_in_row = 0;
      } else {
        ++unused_in_row;
      }
    }
    next += size;
  }
  hd.ensureAddresses(account_id, known, chain);
  std::vector<HdAddressRef> made;
  for (std::uint32_t index = before; index < known; ++index)
    made.push_back({account_id, index, chain});
  co_return made;
}

Task<std::vector<HdAddressRef>> scanHdAccount(HdWallet& hd, std::uint32_t account_id,
                                              const HdAddressesUsedCheck& check,
                                              std::uint32_t gap_limit) {
  std::vector<HdAddressRef> made =
      co_await scanHdChain(hd, account_id, Bip44Chain::External, check, gap_limit);
  if (hd.usesInternalChain()) {
    const std::vector<HdAddressRef> change =
        co_await scanHdChain(hd, account_id, Bip44Chain::Internal, check, gap_limit);
    made.insert(made.end(), change.begin(), change.end());
  }
  co_return made;
}

Task<void> scanHdAccounts(HdWallet& hd, HdAddressesUsedCheck check, std::uint32_t gap_limit) {
  const std::vector<HdAccountRecord> accounts = hd.accounts();
  for (const HdAccountRecord& account : accounts)
    co_await scanHdAccount(hd, account.account_id, check, gap_limit);
}

Task<void> scanHdAccounts(HdWallet& hd, HdAddressUsedCheck is_used, std::uint32_t gap_limit) {
  HdAddressesUsedCheck check =
      [is_used](std::vector<HdAddressRef> refs) -> Task<std::vector<bool>> {
    std::vector<bool> out;
    for (const HdAddressRef& ref : refs) {
      const bool used = co_await is_used(ref);
      out.push_back(used);
    }
    co_return out;
  };
  co_await scanHdAccounts(hd, check, gap_limit);
}

namespace {

AccountAddressInfo addressInfo(const HdWallet& hd, const std::vector<HdBalanceColumn>& columns,
                               const HdAddressRef& ref, HdAddressReading reading) {
  AccountAddressInfo address;
  address.address = std::move(reading.address);
  address.derivation_path = hd.addressPath(ref).str();
  address.chain = ref.chain;
  address.balance = hdBalanceObject(columns, reading);
  return address;
}

}  // namespace

Task<std::vector<AccountAddressInfo>> hdAddressInfos(const HdWallet& hd,
                                                     const std::vector<HdBalanceColumn>& columns,
                                                     const std::vector<HdAddressRef>& refs,
                                                     const HdAddressesReader& read) {
  std::vector<AccountAddressInfo> out;
  if (refs.empty()) co_return out;
  std::vector<HdAddressReading> readings = co_await read(refs);
  for (std::size_t i = 0; i < refs.size() && i < readings.size(); ++i)
    out.push_back(addressInfo(hd, columns, refs[i], std::move(readings[i])));
  co_return out;
}

namespace {

// One account's lines and totals, from readings of (at least) its addresses.
WalletAccountInfo accountInfo(const HdWallet& hd, const std::vector<HdBalanceColumn>& columns,
                              std::uint32_t account_id, const std::vector<HdAddressRef>& refs,
                              const std::vector<HdAddressReading>& readings) {
  WalletAccountInfo info;
  info.account_index = account_id;
  info.derivation_path = hd.accountPath(account_id).str();
  HdBalanceTotals totals(columns.size());
  for (std::size_t i = 0; i < refs.size() && i < readings.size(); ++i) {
    if (refs[i].account_id != account_id) continue;
    totals.add(readings[i]);
    info.addresses.push_back(addressInfo(hd, columns, refs[i], readings[i]));
  }
  info.total_balance = totals.object(columns);
  return info;
}

}  // namespace

Task<WalletBalanceInfo> hdWalletBalance(const HdWallet& hd, std::vector<HdBalanceColumn> columns,
                                        HdAddressesReader read) {
  WalletBalanceInfo out;
  const std::vector<HdAddressRef> all = hd.knownAddresses();
  std::vector<HdAddressReading> readings;
  if (!all.empty()) readings = co_await read(all);
  for (const HdAccountRecord& account : hd.accounts())
    out.accounts.push_back(accountInfo(hd, columns, account.account_id, all, readings));
  co_return out;
}

Task<WalletAccountInfo> hdAccountBalance(const HdWallet& hd,
                                         const std::vector<HdBalanceColumn>& columns,
                                         std::uint32_t account_id, const HdAddressesReader& read) {
  const std::vector<HdAddressRef> mine = hd.knownAddresses(account_id);
  std::vector<HdAddressReading> readings;
  if (!mine.empty()) readings = co_await read(mine);
  co_return accountInfo(hd, columns, account_id, mine, readings);
}

Task<WalletBalanceInfo> hdWalletBalance(const HdWallet& hd, std::vector<HdBalanceColumn> columns,
                                        HdAddressReader read) {
  HdAddressesReader batch =
      [read](std::vector<HdAddressRef> refs) -> Task<std::vector<HdAddressReading>> {
    std::vector<HdAddressReading> out;
    for (const HdAddressRef& ref : refs) {
      HdAddressReading reading = co_await read(ref);
      out.push_back(std::move(reading));
    }
    co_return out;
  };
  co_return co_await hdWalletBalance(hd, std::move(columns), batch);
}

}  // namespace walletd

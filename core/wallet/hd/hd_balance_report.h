// The HD side of an activation, shared by the families: KDF's gap-limit scan of each known
// account (the External chain, and the Internal chain for families that use it), and the wallet
// balance report of spec WalletBalanceInfo with a per-ticker balance for every address and
// account. The family says what "used" means and reads addresses' balances; it gets addresses in
// batches (a window of up to gap_limit addresses at a time), or one at a time through the
// single-address forms.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "core/async/task.h"
#include "core/wallet/hd/hd_wallet.h"

namespace walletd {

// Whether each address has been used (sent a transaction, holds the coin or a token...).
using HdAddressesUsedCheck = std::function<Task<std::vector<bool>>(std::vector<HdAddressRef>)>;
using HdAddressUsedCheck = std::function<Task<bool>(HdAddressRef)>;

// Extends one chain of one account past its last used address: starting at the first address
// the chain has not handed out, it stops after `gap_limit` unused addresses in a row, never past
// HdWallet::kMaxAddressesPerAccount. Answers the addresses it made known, in order.
Task<std::vector<HdAddressRef>> scanHdChain(HdWallet& hd, std::uint32_t account_id,
                                            Bip44Chain chain, const HdAddressesUsedCheck& check,
                                            std::uint32_t gap_limit);

// scanHdChain over every chain the wallet uses of one account; answers what it made known.
Task<std::vector<HdAddressRef>> scanHdAccount(HdWallet& hd, std::uint32_t account_id,
                                              const HdAddressesUsedCheck& check,
                                              std::uint32_t gap_limit);

// scanHdAccount over every known account.
Task<void> scanHdAccounts(HdWallet& hd, HdAddressesUsedCheck check, std::uint32_t gap_limit);
Task<void> scanHdAccounts(HdWallet& hd, HdAddressUsedCheck is_used, std::uint32_t gap_limit);

// One column of the report: a ticker and its decimals, platform first then tokens.
struct HdBalanceColumn {
  std::string ticker;
  unsigned decimals = 0;
};

// An address as the family writes it, with its balance in each column's smallest units.
struct HdAddressReading {
  std::string address;
  std::vector<UInt256> amounts;      // spendable
  std::vector<UInt256> unspendable;  // per column as well; empty when nothing is unspendable
};
using HdAddressesReader =
    std::function<Task<std::vector<HdAddressReading>>(std::vector<HdAddressRef>)>;
using HdAddressReader = std::function<Task<HdAddressReading>(HdAddressRef)>;

// The report lines of some addresses (AccountAddressInfo, read in one batch).
Task<std::vector<AccountAddressInfo>> hdAddressInfos(const HdWallet& hd,
                                                     const std::vector<HdBalanceColumn>& columns,
                                                     const std::vector<HdAddressRef>& refs,
                                                     const HdAddressesReader& read);

// {"wallet_type":"HD","accounts":[...]} over the known addresses of every account.
Task<WalletBalanceInfo> hdWalletBalance(const HdWallet& hd, std::vector<HdBalanceColumn> columns,
                                        HdAddressesReader read);
Task<WalletBalanceInfo> hdWalletBalance(const HdWallet& hd, std::vector<HdBalanceColumn> columns,
                                        HdAddressReader read);

// One account's known addresses (both chains) with their balances and the account's total:
// KDF's HDAccountBalance, the answer of task::account_balance.
Task<WalletAccountInfo> hdAccountBalance(const HdWallet& hd,
                                         const std::vector<HdBalanceColumn>& columns,
                                         std::uint32_t account_id, const HdAddressesReader& read);

// A BalanceObject with one entry per column, from one reading.
BalanceObject hdBalanceObject(const std::vector<HdBalanceColumn>& columns,
                              const HdAddressReading& reading);

// Per-column totals of readings: an account's or a page's balance.
class HdBalanceTotals {
 public:
  explicit HdBalanceTotals(std::size_t columns) {
    sum_.amounts.resize(columns);
    sum_.unspendable.resize(columns);
  }
  void add(const HdAddressReading& reading);
  BalanceObject object(const std::vector<HdBalanceColumn>& columns) const {
    return hdBalanceObject(columns, sum_);
  }

 private:
  HdAddressReading sum_;
};

}  // namespace walletd

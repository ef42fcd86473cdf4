// The HD side of an activation, shared by the families whose HD wallets use the External chain
// only: KDF's gap-limit scan of each known account, and the wallet balance report of spec
// WalletBalanceInfo with a per-ticker balance for every address and account. The family says
// what "used" means and reads an address's balances; addresses are read one at a time, in order.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "core/async/task.h"
#include "core/wallet/hd/hd_wallet.h"

namespace walletd {

// Whether an address has been used (sent a transaction, holds the coin or a token...).
using HdAddressUsedCheck = std::function<Task<bool>(HdAddressRef)>;

// Extends every known account past its last used address: stops after `gap_limit` unused
// addresses in a row, starting at the first address the account has not handed out yet, and
// never past HdWallet::kMaxAddressesPerAccount.
Task<void> scanHdAccounts(HdWallet& hd, HdAddressUsedCheck is_used, std::uint32_t gap_limit);

// One column of the report: a ticker and its decimals, platform first then tokens.
struct HdBalanceColumn {
  std::string ticker;
  unsigned decimals = 0;
};

// An address as the family writes it, with its balance in each column's smallest units.
struct HdAddressReading {
  std::string address;
  std::vector<UInt256> amounts;
};
using HdAddressReader = std::function<Task<HdAddressReading>(HdAddressRef)>;

// {"wallet_type":"HD","accounts":[...]} over the known addresses of every account.
Task<WalletBalanceInfo> hdWalletBalance(const HdWallet& hd, std::vector<HdBalanceColumn> columns,
                                        HdAddressReader read);

}  // namespace walletd

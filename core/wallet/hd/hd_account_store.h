// The HD accounts a wallet knows for each coin — account index and how many addresses of each
// chain have been handed out — kept in the `hd_wallet` storage namespace under
// "<wallet id>/<ticker>", so a restart remembers them and `scan_if_new_wallet` can tell a new
// wallet from a known one. The wallet id is the hex HASH160 of the wallet's internal public key
// (KDF's HD wallet storage id), so two wallets never share records.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/async/task.h"
#include "core/platform/storage.h"

namespace walletd {

struct HdAccountRecord {
  std::uint32_t account_id = 0;
  std::uint32_t external_addresses = 0;
  std::uint32_t internal_addresses = 0;
};

class HdAccountStore {
 public:
  HdAccountStore(Storage& storage, std::string wallet_id)
      : storage_(storage), wallet_id_(std::move(wallet_id)) {}

  // The coin's accounts ordered by index; empty for a coin this wallet never activated. A record
  // that cannot be read (a damaged file) counts as empty rather than failing the activation.
  Task<std::vector<HdAccountRecord>> load(const std::string& ticker);
  Task<void> save(const std::string& ticker, const std::vector<HdAccountRecord>& accounts);

 private:
  std::string key(const std::string& ticker) const { return wallet_id_ + "/" + ticker; }

  Storage& storage_;
  std::string wallet_id_;
};

}  // namespace walletd

// HdWallet: the HD side of a platform coin activated in HD mode, for the families whose HD
// wallets use the External chain only, as KDF's EVM pipeline does (EVM m/44'/60', TRON
// m/44'/195'): addresses are <coin path>/account'/0/index, the coin path being the coins file's
// `derivation_path`. It knows the accounts and how many addresses each has handed out, derives
// their keys, and resolves a withdraw's `from`. Families turn its keys into their addresses.
#pragma once

#include <cstdint>
#include <vector>

#include "core/wallet/hd/hd_account_store.h"
#include "core/wallet/hd/hd_objects.h"
#include "core/wallet/keys/keccak_account_key.h"
#include "core/wallet/keys/wallet_keys.h"

namespace walletd {

// One address of an HD wallet: account and index on the External chain.
struct HdAddressRef {
  std::uint32_t account_id = 0;
  std::uint32_t index = 0;
};

class HdWallet {
 public:
  // Addresses tracked per account by this build (activation refuses to go past it).
  static constexpr std::uint32_t kMaxAddressesPerAccount = 1000;

  HdWallet(WalletKeys keys, DerivationPath coin_path, std::vector<HdAccountRecord> accounts)
      : keys_(std::move(keys)), coin_path_(std::move(coin_path)), accounts_(std::move(accounts)) {}

  const DerivationPath& coinPath() const { return coin_path_; }
  DerivationPath accountPath(std::uint32_t account_id) const;
  DerivationPath addressPath(HdAddressRef address) const;
  KeccakAccountKey keccakKeyAt(HdAddressRef address) const;

  const std::vector<HdAccountRecord>& accounts() const { return accounts_; }
  const HdAccountRecord* findAccount(std::uint32_t account_id) const;
  // Every address the accounts have handed out, account by account.
  std::vector<HdAddressRef> knownAddresses() const;
  // The 20-byte accounts of knownAddresses(), in the same order.
  std::vector<EthAddress> knownKeccakAccounts() const;
  // The account, created (with no addresses) when unknown; accounts stay ordered by index.
  HdAccountRecord& ensureAccount(std::uint32_t account_id);
  // Makes at least `count` External addresses of the account known.
  void ensureAddresses(std::uint32_t account_id, std::uint32_t count);

  // The address a `from` (spec WithdrawFromInfo) names: it must be under this coin's path, in a
  // known account, on the External chain. Throws WithdrawError (UnexpectedFromAddress,
  // UnknownAccount).
  HdAddressRef resolve(const WithdrawFromInfo& from) const;
  // The key of that address.
  KeccakAccountKey keccakKeyFor(const WithdrawFromInfo& from) const {
    return keccakKeyAt(resolve(from));
  }

 private:
  WalletKeys keys_;
  DerivationPath coin_path_;
  std::vector<HdAccountRecord> accounts_;
};

}  // namespace walletd

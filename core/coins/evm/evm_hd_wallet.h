// EvmHdWallet: the HD side of an EVM platform activated in HD mode. Addresses are
// m/44'/60'/account'/0/index (the coins file's `derivation_path`, then account, External chain,
// index): like KDF, EVM HD wallets use the External chain only. It knows the accounts and how
// many addresses each has handed out; the platform's activated address (path_to_address) is the
// default sender.
#pragma once

#include <cstdint>
#include <vector>

#include "core/coins/evm/evm_signer.h"
#include "core/wallet/hd/hd_account_store.h"
#include "core/wallet/hd/hd_objects.h"
#include "core/wallet/keys/wallet_keys.h"

namespace walletd {

class EvmHdWallet {
 public:
  // Addresses tracked per account by this build (activation refuses to go past it).
  static constexpr std::uint32_t kMaxAddressesPerAccount = 1000;

  EvmHdWallet(WalletKeys keys, DerivationPath coin_path, std::vector<HdAccountRecord> accounts)
      : keys_(std::move(keys)), coin_path_(std::move(coin_path)), accounts_(std::move(accounts)) {}

  const DerivationPath& coinPath() const { return coin_path_; }
  DerivationPath accountPath(std::uint32_t account_id) const;
  DerivationPath addressPath(std::uint32_t account_id, std::uint32_t index) const;
  EvmSigner signerAt(std::uint32_t account_id, std::uint32_t index) const;

  const std::vector<HdAccountRecord>& accounts() const { return accounts_; }
  const HdAccountRecord* findAccount(std::uint32_t account_id) const;
  // The account, created (with no addresses) when unknown; accounts stay ordered by index.
  HdAccountRecord& ensureAccount(std::uint32_t account_id);
  // Makes at least `count` External addresses of the account known.
  void ensureAddresses(std::uint32_t account_id, std::uint32_t count);

  // The address a `from` (spec WithdrawFromInfo) names: it must be under this coin's path, in a
  // known account, on the External chain. Throws WithdrawError (UnexpectedFromAddress,
  // UnknownAccount).
  EvmSigner signerFor(const WithdrawFromInfo& from) const;

 private:
  WalletKeys keys_;
  DerivationPath coin_path_;
  std::vector<HdAccountRecord> accounts_;
};

}  // namespace walletd

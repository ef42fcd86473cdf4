// HdWallet: the HD side of a coin activated in HD mode. Addresses are
// <coin path>/account'/chain/index, the coin path being the coins file's `derivation_path`.
// Account-based families use the External chain only, as KDF's EVM pipeline does (EVM m/44'/60',
// TRON m/44'/195'); UTXO coins also use the Internal chain, for change. It knows the accounts and
// how many addresses of each chain they have handed out, derives their keys, and resolves a
// withdraw's `from`. Families turn its keys into their addresses. A hardware wallet's HD wallet is
// public-only: each account's extended public key comes from the device (setAccountKey), the
// addresses are derived from it, and no private key exists here.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/wallet/hd/hd_account_store.h"
#include "core/wallet/hd/hd_objects.h"
#include "core/wallet/keys/keccak_account_key.h"
#include "core/wallet/keys/wallet_keys.h"

namespace walletd {

// One address of an HD wallet: account, chain and index.
struct HdAddressRef {
  std::uint32_t account_id = 0;
  std::uint32_t index = 0;
  Bip44Chain chain = Bip44Chain::External;
  bool operator==(const HdAddressRef&) const = default;
};

// Why a `from` names no address of the wallet.
struct HdFromError : std::runtime_error {
  enum class Kind { NotAnAddressOfTheCoin, UnknownAccount };
  HdFromError(Kind k, const std::string& message, std::uint32_t account = 0)
      : std::runtime_error(message), kind(k), account_id(account) {}
  Kind kind;
  std::uint32_t account_id;  // UnknownAccount: the account named
};

class HdWallet {
 public:
  // Addresses tracked per account by this build (activation refuses to go past it).
  static constexpr std::uint32_t kMaxAddressesPerAccount = 1000;

  // `internal_chain`: whether the family uses the Internal chain (UTXO change addresses).
  HdWallet(WalletKeys keys, DerivationPath coin_path, std::vector<HdAccountRecord> accounts,
           bool internal_chain = false)
      : keys_(std::move(keys)),
        coin_path_(std::move(coin_path)),
        accounts_(std::move(accounts)),
        internal_chain_(internal_chain) {}

  bool usesInternalChain() const { return internal_chain_; }
  const DerivationPath& coinPath() const { return coin_path_; }
  DerivationPath accountPath(std::uint32_t account_id) const;
  DerivationPath addressPath(HdAddressRef address) const;
  KeccakAccountKey keccakKeyAt(HdAddressRef address) const;
  ExtendedKey keyAt(HdAddressRef address) const;

  // Public-only mode: the account's extended public key (m/<coin path>/account'), from a device.
  void setAccountKey(std::uint32_t account_id, const ExtendedKey& account_key);
  bool publicOnly() const { return public_only_; }
  void makePublicOnly() { public_only_ = true; }
  // Where the accounts are stored when not under the wallet's own id (a device's, for example).
  void setStorageId(std::string id) { storage_id_ = std::move(id); }
  const std::optional<std::string>& storageId() const { return storage_id_; }

  const std::vector<HdAccountRecord>& accounts() const { return accounts_; }
  const HdAccountRecord* findAccount(std::uint32_t account_id) const;
  // Every address the accounts have handed out, account by account, External chain first.
  std::vector<HdAddressRef> knownAddresses() const;
  // Those of one account (and one chain, when given).
  std::vector<HdAddressRef> knownAddresses(std::uint32_t account_id,
                                           std::optional<Bip44Chain> chain = std::nullopt) const;
  // How many addresses of the chain the account has handed out (0 for an unknown account).
  std::uint32_t addressCount(std::uint32_t account_id, Bip44Chain chain) const;
  // The 20-byte accounts of knownAddresses(), in the same order.
  std::vector<EthAddress> knownKeccakAccounts() const;
  // The account, created (with no addresses) when unknown; accounts stay ordered by index.
  HdAccountRecord& ensureAccount(std::uint32_t account_id);
  // Makes at least `count` addresses of the account's chain known.
  void ensureAddresses(std::uint32_t account_id, std::uint32_t count,
                       Bip44Chain chain = Bip44Chain::External);

  // The address a `from` (spec WithdrawFromInfo) names: it must be under this coin's path, in a
  // known account, on a chain the family uses. Throws HdFromError (the coins layer answers it
  // as KDF's WithdrawError: core/coins/withdraw_from.h).
  HdAddressRef resolve(const WithdrawFromInfo& from) const;
  // The address a `from` names under this coin's path, in any account (a single-address family
  // that derives a `from` key on the fly, as KDF's Tendermint coins do). Throws HdFromError.
  HdAddressRef addressOf(const WithdrawFromInfo& from) const;

 private:
  WalletKeys keys_;
  DerivationPath coin_path_;
  std::vector<HdAccountRecord> accounts_;
  bool internal_chain_ = false;
  bool public_only_ = false;
  std::map<std::uint32_t, ExtendedKey> account_keys_;  // public-only mode
  std::optional<std::string> storage_id_;
};

}  // namespace walletd

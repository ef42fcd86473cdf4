// HD paths, keys and the checks on a withdraw's `from`.
#include "core/wallet/hd/hd_wallet.h"

#include <algorithm>

namespace walletd {

DerivationPath HdWallet::accountPath(std::uint32_t account_id) const {
  return coin_path_.child(account_id | kHardened);
}

DerivationPath HdWallet::addressPath(HdAddressRef address) const {
  return accountPath(address.account_id)
      .child(static_cast<std::uint32_t>(address.chain))
      .child(address.index);
}

void HdWallet::setAccountKey(std::uint32_t account_id, const ExtendedKey& account_key) {
  public_only_ = true;
  account_keys_.insert_or_assign(account_id, account_key.neutered());
}

KeccakAccountKey HdWallet::keccakKeyAt(HdAddressRef address) const {
  const DerivationPath path = addressPath(address);
  const ExtendedKey key = keyAt(address);
  if (public_only_) return KeccakAccountKey::fromPublicKey(key.publicKey(), path.str());
  return KeccakAccountKey::fromKey(key.privateKey(), path.str());
}

ExtendedKey HdWallet::keyAt(HdAddressRef address) const {
  if (!public_only_) return keys_.derive(addressPath(address));
  auto account = account_keys_.find(address.account_id);
  if (account == account_keys_.end()) {
    throw std::runtime_error("no extended public key for account " +
                             std::to_string(address.account_id) + " of this hardware wallet");
  }
  return account->second.derive(static_cast<std::uint32_t>(address.chain)).derive(address.index);
}

std::vector<HdAddressRef> HdWallet::knownAddresses() const {
  std::vector<HdAddressRef> out;
  for (const HdAccountRecord& account : accounts_) {
    for (const HdAddressRef& ref : knownAddresses(account.account_id)) out.push_back(ref);
  }
  return out;
}

std::vector<HdAddressRef> HdWallet::knownAddresses(std::uint32_t account_id,
                                                   std::optional<Bip44Chain> chain) const {
  std::vector<HdAddressRef> out;
  for (Bip44Chain c : {Bip44Chain::External, Bip44Chain::Internal}) {
    if (chain && *chain != c) continue;
    const std::uint32_t count = addressCount(account_id, c);
    for (std::uint32_t index = 0; index < count; ++index) out.push_back({account_id, index, c});
  }
  return out;
}

std::uint32_t HdWallet::addressCount(std::uint32_t account_id, Bip44Chain chain) const {
  const HdAccountRecord* account = findAccount(account_id);
  if (account == nullptr) return 0;
  return chain == Bip44Chain::External ? account->external_addresses : account->internal_addresses;
}

const HdAccountRecord* HdWallet::findAccount(std::uint32_t account_id) const {
  for (const HdAccountRecord& a : accounts_) {
    if (a.account_id == account_id) return &a;
  }
  return nullptr;
}

std::vector<EthAddress> HdWallet::knownKeccakAccounts() const {
  std::vector<EthAddress> out;
  for (const HdAddressRef& ref : knownAddresses()) out.push_back(keccakKeyAt(ref).account);
  return out;
}

HdAccountRecord& HdWallet::ensureAccount(std::uint32_t account_id) {
  auto it = std::lower_bound(
      accounts_.begin(), accounts_.end(), account_id,
      [](const HdAccountRecord& a, std::uint32_t id) { return a.account_id < id; });
  if (it != accounts_.end() && it->account_id == account_id) return *it;
  HdAccountRecord record;
  record.account_id = account_id;
  return *accounts_.insert(it, record);
}

void HdWallet::ensureAddresses(std::uint32_t account_id, std::uint32_t count, Bip44Chain chain) {
  HdAccountRecord& account = ensureAccount(account_id);
  std::uint32_t& known =
      chain == Bip44Chain::External ? account.external_addresses : account.internal_addresses;
  known = std::max(known, count);
}

HdAddressRef HdWallet::resolve(const WithdrawFromInfo& from) const {
  const HdAddressRef address = addressOf(from);
  if (findAccount(address.account_id) == nullptr) {
    throw HdFromError(HdFromError::Kind::UnknownAccount,
                      "Unknown account " + std::to_string(address.account_id), address.account_id);
  }
  return address;
}

HdAddressRef HdWallet::addressOf(const WithdrawFromInfo& from) const {
  std::uint32_t account_id = from.account_id;
  Bip44Chain chain = from.chain;
  std::uint32_t index = from.address_id;
  if (from.derivation_path) {
    const std::vector<std::uint32_t>& path = from.derivation_path->indexes;
    const std::vector<std::uint32_t>& prefix = coin_path_.indexes;
    const bool under_coin = path.size() == prefix.size() + 3 &&
                            std::equal(prefix.begin(), prefix.end(), path.begin()) &&
                            (path[prefix.size()] & kHardened) != 0 &&
                            path[prefix.size() + 1] <= 1 &&
                            (path[prefix.size() + 2] & kHardened) == 0;
    if (!under_coin) {
      const std::string message = "Derivation path " + from.derivation_path->str() +
                                  " is not an address path under " + coin_path_.str() + " (" +
                                  coin_path_.str() + "/account'/chain/address)";
      throw HdFromError(HdFromError::Kind::NotAnAddressOfTheCoin, message);
    }
    account_id = path[prefix.size()] & ~kHardened;
    chain = static_cast<Bip44Chain>(path[prefix.size() + 1]);
    index = path[prefix.size() + 2];
  }
  if (chain != Bip44Chain::External && !internal_chain_) {
    throw HdFromError(HdFromError::Kind::NotAnAddressOfTheCoin,
                      "HD wallets of this coin use the External chain only");
  }
  return {account_id, index, chain};
}

}  // namespace walletd

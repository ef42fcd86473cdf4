// HD paths, keys and the checks on a withdraw's `from`.
#include "core/wallet/hd/hd_wallet.h"

#include <algorithm>

#include "core/coins/withdraw_request.h"

namespace walletd {

DerivationPath HdWallet::accountPath(std::uint32_t account_id) const {
  return coin_path_.child(account_id | kHardened);
}

DerivationPath HdWallet::addressPath(HdAddressRef address) const {
  return accountPath(address.account_id)
      .child(static_cast<std::uint32_t>(Bip44Chain::External))
      .child(address.index);
}

KeccakAccountKey HdWallet::keccakKeyAt(HdAddressRef address) const {
  const DerivationPath path = addressPath(address);
  const ExtendedKey key = keys_.derive(path);
  return KeccakAccountKey::fromKey(key.privateKey(), path.str());
}

std::vector<HdAddressRef> HdWallet::knownAddresses() const {
  std::vector<HdAddressRef> out;
  for (const HdAccountRecord& account : accounts_) {
    for (std::uint32_t index = 0; index < account.external_addresses; ++index)
      out.push_back({account.account_id, index});
  }
  return out;
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

void HdWallet::ensureAddresses(std::uint32_t account_id, std::uint32_t count) {
  HdAccountRecord& account = ensureAccount(account_id);
  account.external_addresses = std::max(account.external_addresses, count);
}

HdAddressRef HdWallet::resolve(const WithdrawFromInfo& from) const {
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
      throw rpcError(WithdrawError::UnexpectedFromAddress, message, Json(message));
    }
    account_id = path[prefix.size()] & ~kHardened;
    chain = static_cast<Bip44Chain>(path[prefix.size() + 1]);
    index = path[prefix.size() + 2];
  }
  if (chain != Bip44Chain::External) {
    const std::string message = "HD wallets of this coin use the External chain only";
    throw rpcError(WithdrawError::UnexpectedFromAddress, message, Json(message));
  }
  if (findAccount(account_id) == nullptr) {
    throw rpcError(WithdrawError::UnknownAccount, "Unknown account " + std::to_string(account_id),
                   Json{{"account_id", account_id}});
  }
  return {account_id, index};
}

}  // namespace walletd

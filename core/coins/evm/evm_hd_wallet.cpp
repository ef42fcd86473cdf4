// EVM HD paths, keys and the checks on a withdraw's `from`.
#include "core/coins/evm/evm_hd_wallet.h"

#include <algorithm>

#include "core/coins/withdraw_request.h"

namespace walletd {

DerivationPath EvmHdWallet::accountPath(std::uint32_t account_id) const {
  return coin_path_.child(account_id | kHardened);
}

DerivationPath EvmHdWallet::addressPath(std::uint32_t account_id, std::uint32_t index) const {
  return accountPath(account_id)
      .child(static_cast<std::uint32_t>(Bip44Chain::External))
      .child(index);
}

EvmSigner EvmHdWallet::signerAt(std::uint32_t account_id, std::uint32_t index) const {
  const DerivationPath path = addressPath(account_id, index);
  const ExtendedKey key = keys_.derive(path);
  return EvmSigner::fromKey(key.privateKey(), path.str());
}

const HdAccountRecord* EvmHdWallet::findAccount(std::uint32_t account_id) const {
  for (const HdAccountRecord& a : accounts_) {
    if (a.account_id == account_id) return &a;
  }
  return nullptr;
}

HdAccountRecord& EvmHdWallet::ensureAccount(std::uint32_t account_id) {
  auto it = std::lower_bound(
      accounts_.begin(), accounts_.end(), account_id,
      [](const HdAccountRecord& a, std::uint32_t id) { return a.account_id < id; });
  if (it != accounts_.end() && it->account_id == account_id) return *it;
  HdAccountRecord record;
  record.account_id = account_id;
  return *accounts_.insert(it, record);
}

void EvmHdWallet::ensureAddresses(std::uint32_t account_id, std::uint32_t count) {
  HdAccountRecord& account = ensureAccount(account_id);
  account.external_addresses = std::max(account.external_addresses, count);
}

EvmSigner EvmHdWallet::signerFor(const WithdrawFromInfo& from) const {
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
    const std::string message = "EVM HD wallets use the External chain only";
    throw rpcError(WithdrawError::UnexpectedFromAddress, message, Json(message));
  }
  if (findAccount(account_id) == nullptr) {
    throw rpcError(WithdrawError::UnknownAccount, "Unknown account " + std::to_string(account_id),
                   Json{{"account_id", account_id}});
  }
  return signerAt(account_id, index);
}

}  // namespace walletd

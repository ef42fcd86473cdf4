// The account-chain kit's HD side: one node read at a time per address (the coin, then each
// token), as the families' peers answer.
#include "core/coins/account_chain_hd.h"

namespace walletd {

AccountChainHd::AccountChainHd(std::shared_ptr<HdWallet> hd, HdBalanceColumn coin,
                               std::uint32_t gap_limit, std::unique_ptr<AccountChainPeer> peer,
                               Tokens tokens, Save save, Executor& executor)
    : HdCoin(executor),
      hd_(std::move(hd)),
      coin_(std::move(coin)),
      gap_limit_(gap_limit),
      peer_(std::move(peer)),
      tokens_(std::move(tokens)),
      save_(std::move(save)) {}

std::vector<HdBalanceColumn> AccountChainHd::columns(
    const std::vector<AccountChainToken>& tokens) const {
  std::vector<HdBalanceColumn> out{coin_};
  for (const AccountChainToken& token : tokens) out.push_back({token.ticker, token.decimals});
  return out;
}

std::vector<HdBalanceColumn> AccountChainHd::hdColumns() const {
  return columns(tokens_());
}

Task<HdAddressReading> AccountChainHd::readOne(HdAddressRef ref,
                                               const std::vector<AccountChainToken>& tokens) {
  const EthAddress account = hd_->keccakKeyAt(ref).account;
  HdAddressReading out;
  out.address = peer_->writeAddress(account);
  out.amounts.push_back(co_await peer_->coinBalance(account));
  for (const AccountChainToken& token : tokens)
    out.amounts.push_back(co_await peer_->tokenBalance(token.contract, account));
  co_return out;
}

Task<std::vector<HdAddressReading>> AccountChainHd::readAddresses(std::vector<HdAddressRef> refs) {
  const std::vector<AccountChainToken> tokens = tokens_();
  std::vector<HdAddressReading> out;
  out.reserve(refs.size());
  for (const HdAddressRef& ref : refs) out.push_back(co_await readOne(ref, tokens));
  co_return out;
}

Task<bool> AccountChainHd::usedOne(HdAddressRef ref, const std::vector<AccountChainToken>& tokens) {
  const EthAddress account = hd_->keccakKeyAt(ref).account;
  const bool used = co_await peer_->accountUsed(account);
  if (used) co_return true;
  for (const AccountChainToken& token : tokens) {
    const UInt256 held = co_await peer_->tokenBalance(token.contract, account);
    if (!held.isZero()) co_return true;
  }
  co_return false;
}

Task<std::vector<bool>> AccountChainHd::addressesUsed(std::vector<HdAddressRef> refs) {
  const std::vector<AccountChainToken> tokens = tokens_();
  std::vector<bool> out;
  out.reserve(refs.size());
  for (const HdAddressRef& ref : refs) out.push_back(co_await usedOne(ref, tokens));
  co_return out;
}

Task<void> AccountChainHd::addressesAdded(std::vector<HdAddressRef>) {
  co_await save_();
}

Task<void> AccountChainHd::scan(std::uint32_t gap_limit, std::vector<AccountChainToken> tokens) {
  HdAddressUsedCheck is_used = [this, &tokens](HdAddressRef ref) { return usedOne(ref, tokens); };
  co_await scanHdAccounts(*hd_, is_used, gap_limit);
}

Task<WalletBalanceInfo> AccountChainHd::walletBalance(std::vector<AccountChainToken> tokens) {
  HdAddressReader read = [this, &tokens](HdAddressRef ref) { return readOne(ref, tokens); };
  co_return co_await hdWalletBalance(*hd_, columns(tokens), read);
}

}  // namespace walletd

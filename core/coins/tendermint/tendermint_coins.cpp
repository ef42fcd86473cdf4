// Tendermint platform and token coins: addresses, keys, balances and send_raw_transaction
// (tendermint_coins.h; withdraw is tendermint_withdraw.cpp).
#include "core/coins/tendermint/tendermint_coins.h"

#include "core/coins/tendermint/cosmos_tx.h"
#include "core/coins/withdraw_from.h"
#include "core/crypto/hashes.h"
#include "core/encoding/bech32.h"

namespace walletd {

TendermintPlatform::TendermintPlatform(TendermintChain chain, TendermintRpcClient client,
                                       TendermintSigner signer, std::shared_ptr<HdWallet> hd,
                                       Clock& clock)
    : chain_(std::move(chain)),
      client_(std::move(client)),
      signer_(std::move(signer)),
      hd_(std::move(hd)),
      clock_(clock) {}

std::string tendermintAddress(const std::string& account_prefix, const PublicKey& key) {
  return bech32EncodeBytes(account_prefix, hash160(key.compressed()));
}

TendermintSigner TendermintPlatform::signerFor(const std::optional<WithdrawFromInfo>& from) const {
  if (!from) return signer_;
  if (!hd_) {
    const std::string message = "`from` selects an HD address, but " + chain_.ticker +
                                (signer_.remote ? " is activated with a WalletConnect session"
                                                : " is activated with the Iguana key");
    throw rpcError(WithdrawError::UnexpectedFromAddress, message, Json(message));
  }
  const ExtendedKey derived = hd_->keyAt(resolveWithdrawFrom(*hd_, *from, true));
  TendermintSigner out{derived.privateKey(), derived.publicKey(), "", nullptr};
  out.address = tendermintAddress(chain_.account_prefix, out.public_key);
  return out;
}

Task<UInt256> TendermintPlatform::balanceOf(std::string denom) {
  co_return co_await client_.balance(signer_.address, std::move(denom));
}

Task<BalanceInfo> TendermintPlatform::myBalance() {
  const UInt256 units = co_await balanceOf(chain_.denom);
  co_return spendableBalance(units, chain_.decimals);
}

// KDF checks the bytes decode as a TxRaw, then broadcast_tx_commit (waits for the block).
Task<std::string> TendermintPlatform::sendRawTransaction(SendRawRequest request) {
  if (!request.tx_bytes || !isCosmosTxRaw(*request.tx_bytes)) {
    const std::string message = "tx_hex is not a Cosmos TxRaw (body, auth_info, signatures)";
    throw rpcError(RawTransactionError::InvalidParam, message, Json(message));
  }
  const TendermintBroadcast sent = co_await client_.broadcastCommit(*request.tx_bytes);
  co_return sent.hash.empty() ? cosmosTxHash(*request.tx_bytes) : sent.hash;
}

Task<TxHistoryPage> TendermintPlatform::txHistory(TxHistoryRequest request) {
  return tendermintHistoryPage(*this, {chain_.ticker, chain_.denom, chain_.decimals, ""},
                               std::move(request));
}

std::unique_ptr<Streamer> TendermintPlatform::balanceStreamer() {
  if (!balance_events_) return nullptr;
  return std::make_unique<TendermintBalanceStreamer>(
      weak_from_this(), CosmosBalanceCoin{chain_.ticker, chain_.denom, chain_.decimals});
}

TendermintToken::TendermintToken(TendermintTokenConfig config,
                                 std::shared_ptr<TendermintPlatform> platform)
    : config_(std::move(config)), platform_(std::move(platform)) {}

Task<BalanceInfo> TendermintToken::myBalance() {
  const UInt256 units = co_await platform_->balanceOf(config_.denom);
  co_return spendableBalance(units, config_.decimals);
}

Task<TxHistoryPage> TendermintToken::txHistory(TxHistoryRequest request) {
  return tendermintHistoryPage(
      *platform_,
      {config_.ticker, config_.denom, config_.decimals, tendermintTokenId(config_.denom)},
      std::move(request));
}

std::unique_ptr<Streamer> TendermintToken::balanceStreamer() {
  if (!platform_->balanceStreamer()) return nullptr;
  return std::make_unique<TendermintBalanceStreamer>(
      platform_->weak_from_this(),
      CosmosBalanceCoin{config_.ticker, config_.denom, config_.decimals});
}

Task<std::string> TendermintToken::sendRawTransaction(SendRawRequest request) {
  co_return co_await platform_->sendRawTransaction(std::move(request));
}

}  // namespace walletd

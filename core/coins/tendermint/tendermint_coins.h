// The Tendermint family's active coins. TendermintPlatform (protocol TENDERMINT) holds the chain,
// its CometBFT client and the key it signs with (the Iguana key, or the HD key at
// path_to_address: a Tendermint coin has one address even in HD mode, as in KDF); withdraw's
// `from` derives another HD key on the fly. TendermintToken (TENDERMINTTOKEN) is another denom of
// its platform's bank module, on the platform's address; its fees are the platform's.
#pragma once

#include <memory>
#include <optional>
#include <string>

#include "core/coins/active_coin.h"
#include "core/coins/tendermint/cosmos_tx.h"
#include "core/coins/tendermint/tendermint_balance_stream.h"
#include "core/coins/tendermint/tendermint_config.h"
#include "core/coins/tendermint/tendermint_history.h"
#include "core/coins/tendermint/tendermint_rpc_client.h"
#include "core/coins/tendermint/tendermint_staking.h"
#include "core/crypto/secp256k1.h"
#include "core/platform/clock.h"
#include "core/wallet/hd/hd_wallet.h"

namespace walletd {

// A key outside walletd (a WalletConnect session wallet) that signs SIGN_MODE_DIRECT documents.
class CosmosRemoteSigner {
 public:
  virtual ~CosmosRemoteSigner() = default;
  // The 64-byte r ‖ s signature over SHA-256(doc.sign_doc) by the signer's public key; refusals
  // are WithdrawError.
  virtual Task<ByteArray<64>> signDirect(CosmosTxPlan plan, CosmosSignDoc doc) const = 0;
};

// A key that signs for an address of the chain: walletd's own, or a remote signer's (then `key`
// is unused and only the public key is known).
struct TendermintSigner {
  PrivateKey key;
  PublicKey public_key;
  std::string address;
  std::shared_ptr<const CosmosRemoteSigner> remote;
};

// The chain's bech32 account address of a key: HASH160 of the compressed key.
std::string tendermintAddress(const std::string& account_prefix, const PublicKey& key);

class TendermintPlatform : public ActiveCoin,
                           public std::enable_shared_from_this<TendermintPlatform> {
 public:
  // `hd` is null with the Iguana key; with it, `signer` is the path_to_address key.
  TendermintPlatform(TendermintChain chain, TendermintRpcClient client, TendermintSigner signer,
                     std::shared_ptr<HdWallet> hd, Clock& clock);

  const std::string& ticker() const override { return chain_.ticker; }
  std::optional<std::string> platform() const override { return std::nullopt; }
  std::string myAddress() const override { return signer_.address; }
  bool keysInBrowserWallet() const override { return signer_.remote != nullptr; }
  Task<BalanceInfo> myBalance() override;
  Task<TransactionDetails> withdraw(WithdrawRequest request) override;
  Task<std::string> sendRawTransaction(SendRawRequest request) override;
  StakingCoin* staking() override { return &staking_; }
  Task<TxHistoryPage> txHistory(TxHistoryRequest request) override;
  void onDisable() override {
    stop_.cancel();
    if (balance_events_) balance_events_->stop();  // kept: a streamer may still leave it
  }
  std::unique_ptr<Streamer> balanceStreamer() override;
  // Balance events (tendermint_balance_stream.h); set at activation, null before.
  TendermintBalanceEvents* balanceEvents() { return balance_events_.get(); }
  void setBalanceEvents(Executor& executor, StreamConnector* connector) {
    balance_events_ = std::make_unique<TendermintBalanceEvents>(executor, connector);
  }

  // The history (tx_history: true), null without; its loop stops with the coin.
  TendermintHistory* history() { return history_.get(); }
  void setHistory(std::shared_ptr<TendermintHistory> history) { history_ = std::move(history); }
  CancellationToken stopToken() const { return stop_.token(); }

  const TendermintChain& chain() const { return chain_; }
  TendermintRpcClient& client() { return client_; }
  Clock& clock() { return clock_; }
  const TendermintSigner& signer() const { return signer_; }
  // The signer a withdraw's `from` names (WithdrawError when it names none); the activated
  // key without one.
  TendermintSigner signerFor(const std::optional<WithdrawFromInfo>& from) const;
  // Base units of `denom` held by the activated address.
  Task<UInt256> balanceOf(std::string denom);

 private:
  TendermintChain chain_;
  TendermintRpcClient client_;
  TendermintSigner signer_;
  std::shared_ptr<HdWallet> hd_;
  Clock& clock_;
  TendermintStaking staking_{*this};
  std::shared_ptr<TendermintHistory> history_;
  CancellationSource stop_;
  std::unique_ptr<TendermintBalanceEvents> balance_events_;
};

class TendermintToken : public ActiveCoin {
 public:
  TendermintToken(TendermintTokenConfig config, std::shared_ptr<TendermintPlatform> platform);

  const std::string& ticker() const override { return config_.ticker; }
  std::optional<std::string> platform() const override { return platform_->ticker(); }
  std::string myAddress() const override { return platform_->myAddress(); }
  Task<BalanceInfo> myBalance() override;
  Task<TransactionDetails> withdraw(WithdrawRequest request) override;
  Task<std::string> sendRawTransaction(SendRawRequest request) override;
  Task<TxHistoryPage> txHistory(TxHistoryRequest request) override;
  std::unique_ptr<Streamer> balanceStreamer() override;

  const TendermintTokenConfig& config() const { return config_; }
  TendermintPlatform& tendermintPlatform() { return *platform_; }

 private:
  TendermintTokenConfig config_;
  std::shared_ptr<TendermintPlatform> platform_;
};

}  // namespace walletd

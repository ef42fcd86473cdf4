// The EVM family's active coins: EthPlatform (ETH and other chains of protocol type ETH) holds the
// node connection and the keys — the Iguana key, or an HD wallet with its activated address —
// and Erc20Token reads its balance through its platform. Balance reads take an address so HD
// activation can ask about any address; without one they read the activated address.
#pragma once

#include <memory>

#include "core/async/async_mutex.h"
#include "core/coins/account_chain_hd.h"
#include "core/coins/active_coin.h"
#include "core/coins/evm/evm_key_source.h"
#include "core/coins/json_rpc_client.h"
#include "core/encoding/uint256.h"
#include "core/platform/clock.h"
#include "core/platform/external_signer.h"
#include "core/wallet/hd/hd_wallet.h"
#include "core/wallet/keys/keccak_account_key.h"

namespace walletd {

// The TypeScript type of sign_raw_transaction's `tx` for ETH (EthRawTxInfo), from its schema.
std::string ethRawTxInfoType();

class EthPlatform : public ActiveCoin {
 public:
  // `hd` is null for the Iguana key; with it, `signer` is the activated (path_to_address) address.
  EthPlatform(std::string ticker, std::uint64_t chain_id, int max_tx_type, JsonRpcClient rpc,
              KeccakAccountKey signer, std::shared_ptr<HdWallet> hd, Executor& executor,
              Clock& clock);

  const std::string& ticker() const override { return ticker_; }
  std::optional<std::string> platform() const override { return std::nullopt; }
  std::string myAddress() const override { return eip55Checksum(signer_.account); }
  bool keysInBrowserWallet() const override { return key_source_->keysElsewhere(); }
  Task<BalanceInfo> myBalance() override;
  Task<TransactionDetails> withdraw(WithdrawRequest request) override;
  Task<std::string> sendRawTransaction(SendRawRequest request) override;
  Task<std::string> signRawTransaction(SignRawRequest request) override;

  std::uint64_t chainId() const { return chain_id_; }
  int maxTxType() const { return max_tx_type_; }
  const KeccakAccountKey& signer() const { return signer_; }
  const EthAddress& address() const { return signer_.account; }
  // The platform's accounts: the one of the Iguana key (or browser wallet), or every address the
  // HD wallet handed out.
  std::vector<EthAddress> knownAccounts() const {
    return hd_ ? hd_->knownKeccakAccounts() : std::vector<EthAddress>{signer_.account};
  }
  // Null when activated with the Iguana key.
  HdWallet* hdWallet() { return hd_.get(); }
  std::shared_ptr<HdWallet> hdShared() { return hd_; }
  // HD mode: the account-chain kit over this platform (eth_hd.h), what hd() answers.
  void setHdChain(std::unique_ptr<AccountChainHd> chain) { hd_chain_ = std::move(chain); }
  AccountChainHd* hdChain() { return hd_chain_.get(); }
  HdCoin* hd() override { return hd_chain_.get(); }
  // Who signs (evm_key_source.h): walletd's own keys unless activation chose another source
  // (a browser-extension wallet, whose `signer()` then carries only its account).
  const EvmKeySource& keySource() const { return *key_source_; }
  void useKeySource(std::unique_ptr<EvmKeySource> source) { key_source_ = std::move(source); }
  JsonRpcClient& rpc() { return rpc_; }
  // Held from reading the pending nonce to broadcasting, so two broadcasting withdraws never sign
  // the same nonce (KDF's per-address nonce lock; one per platform here).
  AsyncMutex& sendLock() { return send_lock_; }

  Task<UInt256> balanceWei() { return balanceWei(signer_.account); }
  Task<UInt256> balanceWei(EthAddress address);
  Task<UInt256> tokenBalance(const EthAddress& contract) {
    return tokenBalance(contract, signer_.account);
  }
  Task<UInt256> tokenBalance(EthAddress contract, EthAddress owner);
  Task<UInt256> transactionCount(EthAddress address, const char* block_tag);
  Task<std::uint64_t> currentBlock();
  Clock& clock() { return clock_; }

 private:
  std::string ticker_;
  std::uint64_t chain_id_;
  int max_tx_type_;
  JsonRpcClient rpc_;
  KeccakAccountKey signer_;
  std::shared_ptr<HdWallet> hd_;
  std::unique_ptr<AccountChainHd> hd_chain_;
  AsyncMutex send_lock_;
  Clock& clock_;
  std::unique_ptr<EvmKeySource> key_source_ = walletEvmKeys();
};

class Erc20Token : public ActiveCoin {
 public:
  Erc20Token(std::string ticker, std::shared_ptr<EthPlatform> platform, EthAddress contract,
             unsigned decimals, std::uint32_t required_confirmations);

  const std::string& ticker() const override { return ticker_; }
  std::optional<std::string> platform() const override { return platform_->ticker(); }
  std::string myAddress() const override { return platform_->myAddress(); }
  bool keysInBrowserWallet() const override { return platform_->keysInBrowserWallet(); }
  Task<BalanceInfo> myBalance() override;
  Task<TransactionDetails> withdraw(WithdrawRequest request) override;
  // A signed transaction is broadcast through the platform's nodes.
  Task<std::string> sendRawTransaction(SendRawRequest request) override;
  // Refused: token transfers are signed as platform transactions (InvalidParam says how).
  Task<std::string> signRawTransaction(SignRawRequest request) override;

  const EthAddress& contract() const { return contract_; }
  unsigned decimals() const { return decimals_; }
  std::uint32_t requiredConfirmations() const { return required_confirmations_; }

 private:
  std::string ticker_;
  std::shared_ptr<EthPlatform> platform_;
  EthAddress contract_;
  unsigned decimals_;
  std::uint32_t required_confirmations_;
};

// A JSON-RPC hex quantity ("0x1a") from a node; anything else means the node misbehaved and is
// reported as NodesUnavailable naming `what` (the call).
UInt256 nodeQuantity(const Json& value, const char* what);

}  // namespace walletd

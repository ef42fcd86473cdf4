// The TRON family's active coins: TronPlatform (TRX and other coins of protocol type TRX) holds
// the node connection and the key it signs with; Trc20Token reads its balance (balanceOf through
// triggerconstantcontract) and sends through its platform. Amounts: TRX has 6 decimals (sun).
#pragma once

#include <memory>
#include <string>

#include "core/coins/account_chain_hd.h"
#include "core/coins/active_coin.h"
#include "core/coins/tron/gasless/tron_relay.h"
#include "core/coins/tron/tron_node_client.h"
#include "core/encoding/eth_address.h"
#include "core/encoding/tron_address.h"
#include "core/platform/clock.h"
#include "core/wallet/hd/hd_wallet.h"
#include "core/wallet/keys/keccak_account_key.h"

namespace walletd {

class TronPlatform : public ActiveCoin {
 public:
  static constexpr unsigned kDecimals = 6;

  // `hd` is null for the Iguana key; with it, `key` is the activated (path_to_address) address.
  // The account is the 20 bytes after TRON's 0x41 address prefix.
  TronPlatform(std::string ticker, TronNodeClient node, KeccakAccountKey key,
               std::shared_ptr<HdWallet> hd, Clock& clock);

  const std::string& ticker() const override { return ticker_; }
  std::optional<std::string> platform() const override { return std::nullopt; }
  std::string myAddress() const override { return tronBase58(key_.account); }
  Task<BalanceInfo> myBalance() override;
  Task<TransactionDetails> withdraw(WithdrawRequest request) override;
  Task<std::string> sendRawTransaction(SendRawRequest request) override;

  const KeccakAccountKey& key() const { return key_; }
  // Null when activated with the Iguana key.
  HdWallet* hdWallet() { return hd_.get(); }
  std::shared_ptr<HdWallet> hdShared() { return hd_; }
  // HD mode: the account-chain kit over this platform (tron_hd.h), what hd() answers.
  void setHdChain(std::unique_ptr<AccountChainHd> chain) { hd_chain_ = std::move(chain); }
  AccountChainHd* hdChain() { return hd_chain_.get(); }
  HdCoin* hd() override { return hd_chain_.get(); }
  // The relay provider for gasless TRC20 transfers; null when none was configured.
  TronRelay* relay() { return relay_.get(); }
  std::shared_ptr<TronRelay> relayShared() { return relay_; }
  void setRelay(std::shared_ptr<TronRelay> relay) { relay_ = std::move(relay); }
  void addAddressDetails(Json& address_info) const override;
  // The accounts this wallet has on the platform: the Iguana key's, or every address the HD
  // wallet has handed out (the activated one among them).
  std::vector<EthAddress> knownAccounts() const;
  bool ownsAccount(const EthAddress& account) const;
  TronNodeClient& node() { return node_; }
  Clock& clock() { return clock_; }
  // Sun held by `account` (0 when the node does not know it).
  Task<std::uint64_t> balanceSun(EthAddress account);
  Task<UInt256> tokenBalance(EthAddress contract, EthAddress owner);

 private:
  std::string ticker_;
  TronNodeClient node_;
  KeccakAccountKey key_;
  std::shared_ptr<HdWallet> hd_;
  std::unique_ptr<AccountChainHd> hd_chain_;
  std::shared_ptr<TronRelay> relay_;
  Clock& clock_;
};

class Trc20Token : public ActiveCoin {
 public:
  Trc20Token(std::string ticker, std::shared_ptr<TronPlatform> platform, EthAddress contract,
             unsigned decimals, std::uint32_t required_confirmations);

  const std::string& ticker() const override { return ticker_; }
  std::optional<std::string> platform() const override { return platform_->ticker(); }
  std::string myAddress() const override { return platform_->myAddress(); }
  Task<BalanceInfo> myBalance() override;
  Task<TransactionDetails> withdraw(WithdrawRequest request) override;
  Task<std::string> sendRawTransaction(SendRawRequest request) override;
  Task<Json> sendRawJson(SendRawRequest request) override;
  void addAddressDetails(Json& address_info) const override {
    platform_->addAddressDetails(address_info);
  }

  TronPlatform& tronPlatform() { return *platform_; }
  // The token's gasless `transfer_max_fee` (smallest units) set at activation, if any.
  const std::optional<UInt256>& transferMaxFee() const { return transfer_max_fee_; }
  void setTransferMaxFee(std::optional<UInt256> cap) { transfer_max_fee_ = cap; }
  const EthAddress& contract() const { return contract_; }
  unsigned decimals() const { return decimals_; }
  std::uint32_t requiredConfirmations() const { return required_confirmations_; }

 private:
  std::string ticker_;
  std::shared_ptr<TronPlatform> platform_;
  EthAddress contract_;
  unsigned decimals_;
  std::uint32_t required_confirmations_;
  std::optional<UInt256> transfer_max_fee_;
};

}  // namespace walletd

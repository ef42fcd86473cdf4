// The TRON family's active coins: TronPlatform (TRX and other coins of protocol type TRX) holds
// the node connection and the key it signs with; Trc20Token reads its balance (balanceOf through
// triggerconstantcontract) and sends through its platform. Amounts: TRX has 6 decimals (sun).
#pragma once

#include <memory>
#include <string>

#include "core/coins/active_coin.h"
#include "core/coins/tron/tron_node_client.h"
#include "core/crypto/secp256k1.h"
#include "core/encoding/eth_address.h"
#include "core/platform/clock.h"

namespace walletd {

// The key a TRON platform signs with and the account it controls.
struct TronKey {
  PrivateKey key{};
  PublicKey public_key;
  EthAddress account{};         // the 20 bytes after the 0x41 prefix
  std::string derivation_path;  // empty for the Iguana key
  static TronKey fromKey(const PrivateKey& key, std::string derivation_path);
  std::string address() const;  // base58check "T..."
  ~TronKey();
  TronKey() = default;
  TronKey(const TronKey&) = default;
  TronKey& operator=(const TronKey&) = default;
};

class TronPlatform : public ActiveCoin {
 public:
  static constexpr unsigned kDecimals = 6;

  TronPlatform(std::string ticker, TronNodeClient node, TronKey key, Clock& clock);

  const std::string& ticker() const override { return ticker_; }
  std::optional<std::string> platform() const override { return std::nullopt; }
  std::string myAddress() const override { return key_.address(); }
  Task<BalanceInfo> myBalance() override;
  Task<TransactionDetails> withdraw(WithdrawRequest request) override;
  Task<std::string> sendRawTransaction(SendRawRequest request) override;
  bool hasFeeMethods() const override { return true; }

  const TronKey& key() const { return key_; }
  TronNodeClient& node() { return node_; }
  Clock& clock() { return clock_; }
  // Sun held by `account` (0 when the node does not know it).
  Task<std::uint64_t> balanceSun(EthAddress account);
  Task<UInt256> tokenBalance(EthAddress contract, EthAddress owner);

 private:
  std::string ticker_;
  TronNodeClient node_;
  TronKey key_;
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
  bool hasFeeMethods() const override { return true; }

  TronPlatform& tronPlatform() { return *platform_; }
  const EthAddress& contract() const { return contract_; }
  unsigned decimals() const { return decimals_; }
  std::uint32_t requiredConfirmations() const { return required_confirmations_; }

 private:
  std::string ticker_;
  std::shared_ptr<TronPlatform> platform_;
  EthAddress contract_;
  unsigned decimals_;
  std::uint32_t required_confirmations_;
};

}  // namespace walletd

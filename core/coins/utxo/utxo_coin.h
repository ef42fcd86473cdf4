// UtxoCoin: an activated UTXO coin (Bitcoin-like; the UTXO protocol type) with the wallet's
// Iguana key: one address, standard (P2PKH) or segwit (P2WPKH), reached through a UtxoBackend.
// It answers my_balance, withdraw (every UTXO fee type) and send_raw_transaction.
#pragma once

#include <memory>
#include <optional>
#include <string>

#include "core/coins/active_coin.h"
#include "core/coins/utxo/utxo_address_codec.h"
#include "core/coins/utxo/utxo_backend.h"
#include "core/coins/utxo/withdraw/coin_selection.h"
#include "core/platform/clock.h"

namespace walletd {

// How the coins file says fees are chosen when a withdraw names none (KDF's rules).
struct UtxoFeeDefaults {
  std::optional<std::uint64_t> per_kbyte;    // `txfee` N > 0 (absent: 1000); nullopt when txfee 0
  std::uint32_t estimate_blocks = 1;         // `estimate_fee_blocks`
  std::optional<std::string> estimate_mode;  // `estimate_fee_mode`
  // UtxoPriority's confirmation targets in blocks (protocol_data.confirmation_targets).
  std::uint32_t low_blocks = 12, normal_blocks = 6, high_blocks = 1;
  static UtxoFeeDefaults fromEntry(const CoinEntry& coin);
};

struct UtxoCoinSettings {
  std::string ticker;
  unsigned decimals = 8;
  std::uint64_t dust = 1000;
  UtxoFeeDefaults fees;
};

class UtxoCoin : public ActiveCoin {
 public:
  static constexpr std::uint64_t kFallbackFeeRate = 1000;  // sat/kB when the peer has no estimate

  UtxoCoin(UtxoCoinSettings settings, UtxoAddressCodec codec, UtxoFormat format,
           const PrivateKey& key, std::unique_ptr<UtxoBackend> backend, const Clock& clock);
  ~UtxoCoin() override;

  const std::string& ticker() const override { return settings_.ticker; }
  std::optional<std::string> platform() const override { return std::nullopt; }
  std::string myAddress() const override { return address_; }
  Task<BalanceInfo> myBalance() override;
  Task<TransactionDetails> withdraw(WithdrawRequest request) override;
  Task<std::string> sendRawTransaction(SendRawRequest request) override;

  UtxoBackend& backend() { return *backend_; }
  const UtxoCoinSettings& settings() const { return settings_; }
  const Bytes& script() const { return script_; }

 private:
  Task<UtxoFeeRule> feeRule(const std::optional<FeeInfo>& fee);

  UtxoCoinSettings settings_;
  UtxoAddressCodec codec_;
  PrivateKey key_;
  std::string address_;
  Bytes script_;
  SpendKind kind_;
  std::unique_ptr<UtxoBackend> backend_;
  const Clock& clock_;
};

}  // namespace walletd

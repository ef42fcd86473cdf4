// QtumChain: the profile of the QTUM protocol's coins (QTUM, tQTUM, and the QTUM client of each
// QRC20 token). Bitcoin's wire form (witness
// where the coin has segwit), the legacy digest for P2PKH inputs and BIP143 for P2WPKH,
// SIGHASH_ALL, version `txversion` (KDF's default 1) and locktime now, as KDF writes them. QTUM
// is proof of stake: a block's coinstake (its first output empty) and coinbase pay outputs that
// the node lets no one spend before `mature_confirmations` (2000 on QTUM); KDF checks maturity on
// QTUM by default (`check_utxo_maturity`) and still hit `bad-txns-premature-spend-of-coinbase`
// elsewhere (#1718). walletd never spends such an output before it matures: the withdraw and the
// merge loop ask the peer for the transaction that made each young output (once each: a
// transaction's kind never changes). QTUM's headers vary in size: they end with the block's
// signature.
#pragma once

#include "core/coins/utxo/chain/chain_rules.h"
#include "core/coins/utxo/chain/reward_maturity.h"
#include "core/coins/utxo/chain/utxo_chain.h"

namespace walletd {

class QtumChain : public UtxoChain {
 public:
  static constexpr std::int32_t kDefaultVersion = 1;  // KDF's txversion default

  explicit QtumChain(const UtxoChainRules& rules);
  // The QTUM protocol (coins-file protocol QTUM), and QRC20 tokens' own QTUM clients.
  static bool serves(const UtxoChainRules& rules);

  std::string_view name() const override { return "qtum"; }
  const UtxoTxCodec& codec() const override { return codec_; }
  const UtxoSighashScheme& sighash() const override { return sighash_; }
  UtxoTransaction newTransaction() const override;
  bool waitsForMaturity() const override { return true; }
  // Bitcoin's 80 bytes, hashStateRoot, hashUTXORoot, prevoutStake (181 bytes in all with the
  // signature's length), then the block signature.
  std::size_t headerSize(ByteView bytes) const override;
  Task<std::uint32_t> locktime(UtxoWithdrawContext ctx) const override;
  Task<std::vector<UnspentOutput>> spendable(UtxoWithdrawContext ctx,
                                             std::vector<UnspentOutput> outputs) const override;
  // Delegation staking (qtum_delegation.h).
  std::unique_ptr<StakingCoin> stakingOf(UtxoCoin& coin) const override;

  // Whether `tx` pays a block's reward: a coinbase (its input spends nothing) or a coinstake
  // (proof of stake: its first output is empty — value 0 and no script).
  static bool paysReward(const UtxoTransaction& tx);

 private:
  std::int32_t version_;
  RewardMaturity maturity_;  // coinbase and coinstake outputs wait for mature_confirmations
  Bip144Codec codec_;
  BitcoinSighash sighash_;
};

}  // namespace walletd

// BitcoinChain: the profile of coins with Bitcoin's rules (Bitcoin, Litecoin and most coins of
// the coins file): BIP144 transactions, legacy digests for P2PKH inputs (BIP143 with KDF's
// `signature_version: witness_v0`) and BIP143 for P2WPKH, SIGHASH_ALL, locktime 0, version
// `txversion` (2 when the coins file gives none: walletd's default before profiles existed).
#pragma once

#include "core/coins/utxo/chain/chain_rules.h"
#include "core/coins/utxo/chain/utxo_chain.h"

namespace walletd {

class BitcoinChain : public UtxoChain {
 public:
  static constexpr std::int32_t kDefaultVersion = 2;

  explicit BitcoinChain(const UtxoChainRules& rules = {});
  // Whether these rules are Bitcoin's (no overwinter, no fork id, the UTXO protocol).
  static bool serves(const UtxoChainRules& rules);

  std::string_view name() const override { return "bitcoin"; }
  const UtxoTxCodec& codec() const override { return codec_; }
  const UtxoSighashScheme& sighash() const override { return sighash_; }
  UtxoTransaction newTransaction() const override;

 private:
  std::int32_t version_;
  Bip144Codec codec_;
  BitcoinSighash sighash_;
};

}  // namespace walletd

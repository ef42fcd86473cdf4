// ForkIdChain: the profile of chains that sign with a fork id — Bitcoin Cash (BCH, tBCH), eCash
// (XEC), and the `signature_version: base` fork-id coins (AVN, LCC, CAS). Bitcoin's wire form
// (witness only where the coin has segwit), SIGHASH_ALL OR-ed with the fork id (0x41 for BCH) on
// every signature, the BIP143-style digest for every input with `signature_version: fork_id` (the
// BCH default) and the legacy digest with `base`, version `txversion` (KDF's default 1), and
// locktime now, as KDF writes them. On cashaddress coins the withdraw and the merge loop spend no
// output that carries tokens (bch_token_outputs.h), asking the peer for the transactions that
// made them (once each: they never change).
#pragma once

#include "core/coins/utxo/chain/chain_rules.h"
#include "core/coins/utxo/chain/making_tx_facts.h"
#include "core/coins/utxo/chain/utxo_chain.h"

namespace walletd {

class ForkIdChain : public UtxoChain {
 public:
  static constexpr std::int32_t kDefaultVersion = 1;  // KDF's txversion default

  explicit ForkIdChain(const UtxoChainRules& rules);
  // Fork-id rules: a fork id or fork_id signatures, on the UTXO (or BCH) protocol, not
  // overwintered.
  static bool serves(const UtxoChainRules& rules);

  std::string_view name() const override { return "fork_id"; }
  const UtxoTxCodec& codec() const override { return codec_; }
  const UtxoSighashScheme& sighash() const override { return sighash_; }
  UtxoTransaction newTransaction() const override;
  Task<std::uint32_t> locktime(UtxoWithdrawContext ctx) const override;
  Task<std::vector<UnspentOutput>> spendable(UtxoWithdrawContext ctx,
                                             std::vector<UnspentOutput> outputs) const override;

 private:
  std::int32_t version_;
  bool token_aware_;
  Bip144Codec codec_;
  BitcoinSighash sighash_;
  // The output scripts of the transaction that made an output (none: it did not parse).
  static std::vector<Bytes> outputScripts(const UtxoTransaction& tx);
  MakingTxFacts<std::vector<Bytes>> made_by_{&outputScripts, {}};
};

}  // namespace walletd

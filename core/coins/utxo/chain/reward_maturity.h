// RewardMaturity: which young outputs a withdraw leaves alone because the transaction that made
// them pays a block reward (a coinbase; on QTUM a coinstake too), which the node lets no one
// spend before `mature` confirmations (KDF's check_utxo_maturity). Only outputs with fewer
// confirmations are looked at; the making transactions are learnt from the peer once each
// (MakingTxFacts).
#pragma once

#include "core/coins/utxo/chain/making_tx_facts.h"

namespace walletd {

class RewardMaturity {
 public:
  RewardMaturity(std::uint64_t mature, MakingTxFacts<bool>::Learn pays_reward)
      : mature_(mature), pays_reward_(pays_reward, true) {}

  // `outputs` without the immature reward outputs (an unreadable making transaction counts as
  // a reward: its outputs wait).
  Task<std::vector<UnspentOutput>> matureOnly(UtxoBackend& backend, const UtxoTxCodec& codec,
                                              std::vector<UnspentOutput> outputs) const;

  // A coinbase: one input spending nothing.
  static bool isCoinbase(const UtxoTransaction& tx);

 private:
  std::uint64_t mature_;
  MakingTxFacts<bool> pays_reward_;
};

}  // namespace walletd

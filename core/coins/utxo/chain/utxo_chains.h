// UtxoChains: the chain profiles a node knows, in order; a coin gets the first one that serves
// its coins-file rules. Adding a chain (BCH's FORKID, KMD's overwinter, QTUM) is one profile in
// builtInUtxoChains(); tests hand the UTXO family a list of their own (a toy profile).
#pragma once

#include <memory>
#include <string_view>
#include <vector>

#include "core/coins/utxo/chain/chain_rules.h"
#include "core/coins/utxo/chain/utxo_chain.h"

namespace walletd {

class UtxoChainProfile {
 public:
  virtual ~UtxoChainProfile() = default;
  virtual bool serves(const UtxoChainRules& rules) const = 0;
  virtual std::shared_ptr<const UtxoChain> make(const UtxoChainRules& rules) const = 0;
};

class UtxoChains {
 public:
  explicit UtxoChains(std::vector<std::shared_ptr<const UtxoChainProfile>> profiles);
  // The chain of the coin; throws CoinRulesError when no profile serves its rules (naming them).
  std::shared_ptr<const UtxoChain> forCoin(const CoinEntry& coin) const;

 private:
  std::vector<std::shared_ptr<const UtxoChainProfile>> profiles_;
};

// Bitcoin's profile (bitcoin_chain.h), for lists of profiles tests make.
std::shared_ptr<const UtxoChainProfile> bitcoinProfile();
const UtxoChains& builtInUtxoChains();

}  // namespace walletd

// The chain profile list.
#include "core/coins/utxo/chain/utxo_chains.h"

#include "core/coins/address_codec.h"
#include "core/coins/utxo/bch/fork_id_chain.h"
#include "core/coins/utxo/chain/bitcoin_chain.h"
#include "core/coins/utxo/kmd/overwinter_chain.h"
#include "core/coins/utxo/qtum/qtum_chain.h"

namespace walletd {
namespace {

// The profile of a chain class with `static bool serves(rules)` and a constructor from the rules.
template <typename Chain>
class ChainProfile : public UtxoChainProfile {
 public:
  bool serves(const UtxoChainRules& rules) const override { return Chain::serves(rules); }
  std::shared_ptr<const UtxoChain> make(const UtxoChainRules& rules) const override {
    return std::make_shared<Chain>(rules);
  }
};

}  // namespace

UtxoChains::UtxoChains(std::vector<std::shared_ptr<const UtxoChainProfile>> profiles)
    : profiles_(std::move(profiles)) {}

std::shared_ptr<const UtxoChain> UtxoChains::forCoin(const CoinEntry& coin) const {
  const UtxoChainRules rules = UtxoChainRules::fromEntry(coin);
  for (const auto& profile : profiles_) {
    if (profile->serves(rules)) return profile->make(rules);
  }
  throw CoinRulesError("walletd cannot build " + coin.ticker + " transactions yet (" +
                       rules.describe() + ")");
}

std::shared_ptr<const UtxoChainProfile> bitcoinProfile() {
  return std::make_shared<ChainProfile<BitcoinChain>>();
}

const UtxoChains& builtInUtxoChains() {
  static const UtxoChains chains({bitcoinProfile(), std::make_shared<ChainProfile<ForkIdChain>>(),
                                  std::make_shared<ChainProfile<OverwinterChain>>(),
                                  std::make_shared<ChainProfile<QtumChain>>()});
  return chains;
}

}  // namespace walletd

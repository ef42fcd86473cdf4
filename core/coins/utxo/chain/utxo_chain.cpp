// The withdraw hooks' defaults: Bitcoin's.
#include "core/coins/utxo/chain/utxo_chain.h"

#include "core/coins/staking.h"

namespace walletd {

Task<std::uint32_t> UtxoChain::locktime(UtxoWithdrawContext) const {
  co_return 0;
}

Task<std::vector<UnspentOutput>> UtxoChain::spendable(UtxoWithdrawContext,
                                                      std::vector<UnspentOutput> outputs) const {
  co_return outputs;
}

std::vector<TxOutput> UtxoChain::extraOutputs(const WithdrawRequest&) const {
  return {};
}

Task<std::uint64_t> UtxoChain::extraInputValue(UtxoWithdrawContext, std::vector<Unspent>,
                                               std::uint32_t) const {
  co_return 0;
}

void UtxoChain::addResultExtras(TransactionDetails&, std::uint64_t, unsigned) const {}

std::optional<std::uint64_t> UtxoChain::claimedByInputs(
    const UtxoTransaction&, const std::vector<std::optional<SpentOutputFacts>>&) const {
  return std::nullopt;
}

std::unique_ptr<StakingCoin> UtxoChain::stakingOf(UtxoCoin&) const {
  return nullptr;
}

}  // namespace walletd

// Reward maturity.
#include "core/coins/utxo/chain/reward_maturity.h"

namespace walletd {

bool RewardMaturity::isCoinbase(const UtxoTransaction& tx) {
  if (tx.inputs.size() != 1) return false;
  const OutPoint& prev = tx.inputs[0].prevout;
  return prev.index == 0xffffffff &&
         std::all_of(prev.txid.begin(), prev.txid.end(), [](std::uint8_t b) { return b == 0; });
}

Task<std::vector<UnspentOutput>> RewardMaturity::matureOnly(
    UtxoBackend& backend, const UtxoTxCodec& codec, std::vector<UnspentOutput> outputs) const {
  std::vector<std::string> young;
  for (const UnspentOutput& u : outputs)
    if (u.confirmations < mature_) young.push_back(u.outpoint.displayTxid());
  if (young.empty()) co_return outputs;
  std::map<std::string, bool> reward = co_await pays_reward_.of(backend, codec, young);
  std::erase_if(outputs, [this, &reward](const UnspentOutput& u) {
    return u.confirmations < mature_ && reward[u.outpoint.displayTxid()];
  });
  co_return outputs;
}

}  // namespace walletd

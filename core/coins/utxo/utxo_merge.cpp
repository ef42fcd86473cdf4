// The merge loop and one merge.
#include "core/coins/utxo/utxo_merge.h"

#include <algorithm>

#include "core/async/rounds.h"
#include "core/coins/transport_error.h"
#include "core/coins/utxo/utxo_coin.h"
#include "core/encoding/hex.h"

namespace walletd {

Task<std::optional<std::string>> UtxoCoin::mergeOnce(UtxoMergeParams params) {
  const std::vector<WatchedAddress> target{mine_};
  const std::vector<std::vector<UnspentOutput>> listed = co_await unspentOf(target);
  std::vector<UnspentOutput> outputs;
  for (const UnspentOutput& u : listed.front()) {
    // Confirmed ones only: what a merge in flight spends is still listed until it is mined.
    if (u.script_pubkey == mine_.script && u.confirmations > 0) outputs.push_back(u);
  }
  if (outputs.size() <= params.merge_at) co_return std::nullopt;
  std::sort(outputs.begin(), outputs.end(),
            [](const UnspentOutput& a, const UnspentOutput& b) { return a.value < b.value; });
  const std::size_t input_vbytes = kind_ == SpendKind::P2WPKH ? 69 : 149;  // largest signature
  const std::size_t fits = (kMaxStandardTxVbytes - 100) / input_vbytes;
  const std::size_t count =
      std::min({outputs.size(), static_cast<std::size_t>(params.max_merge_at_once), fits});
  SelectionRequest selection;
  selection.max = true;
  selection.payments = {{0, mine_.script}};
  selection.change_script = mine_.script;
  selection.dust = settings_.dust;
  selection.fee = co_await feeRule(std::nullopt);
  for (std::size_t i = 0; i < count; ++i)
    selection.unspent.push_back(
        {outputs[i].outpoint, {outputs[i].value, outputs[i].script_pubkey}, kind_});
  const Selection chosen = selectCoins(selection);  // SelectionError: worth less than the fee
  UtxoTransaction tx;
  tx.version = 2;
  std::vector<SpentOutput> spent;
  for (const Unspent& u : chosen.inputs) {
    tx.inputs.push_back({u.outpoint, {}, 0xffffffff, {}});
    spent.push_back(u.output);
  }
  tx.outputs = chosen.outputs;
  signUtxoTransaction(tx, spent, [this](ByteView hash) { return keyForHash160(hash); });
  std::string hex = toHex(tx.serialize());
  co_return co_await broadcastOwn(tx, std::move(hex));
}

namespace {

struct MergeState {
  std::shared_ptr<UtxoCoin> coin;
  UtxoMergeParams params;
  std::optional<std::uint64_t> last_check;  // the tip the outputs were last counted at
};

// One round: the tip read, and the outputs counted when check_every blocks passed since the last
// count (at once on the first round).
Task<bool> mergeRound(std::shared_ptr<MergeState> s) {
  std::uint64_t tip = 0;
  bool reached = true;
  try {
    tip = co_await s->coin->backend().currentBlock();
  } catch (const TransportFailure&) {
    reached = false;  // the peer is away: try again at the next round
  }
  if (reached && (!s->last_check || tip >= *s->last_check + s->params.check_every)) {
    s->last_check = tip;
    try {
      co_await s->coin->mergeOnce(s->params);
    } catch (const std::exception&) {
      // Not reached, refused, or worth less than its fee: counted again check_every blocks later.
    }
  }
  co_return true;
}

}  // namespace

void startUtxoMergeLoop(std::shared_ptr<UtxoCoin> coin, UtxoMergeParams params, Executor& executor,
                        CancellationToken stop) {
  auto state = std::make_shared<MergeState>(MergeState{std::move(coin), params, std::nullopt});
  spawnRounds(executor, kMergePollMs, std::move(stop), [state] { return mergeRound(state); });
}

}  // namespace walletd

// The merge loop and one merge.
#include "core/coins/utxo/utxo_merge.h"

#include <algorithm>
#include <utility>

#include "core/async/rounds.h"
#include "core/coins/transport_error.h"
#include "core/coins/utxo/utxo_coin.h"
#include "core/encoding/hex.h"

namespace walletd {

Task<std::optional<std::string>> UtxoCoin::mergeOnce(UtxoMergeParams params) {
  const std::vector<WatchedAddress> target{mine_};
  const std::vector<std::vector<UnspentOutput>> listed = co_await unspentOf(target);
  std::vector<UnspentOutput> confirmed;
  for (const UnspentOutput& u : listed.front()) {
    // Confirmed ones only: what a merge in flight spends is still listed until it is mined.
    if (u.script_pubkey == mine_.script && u.confirmations > 0) confirmed.push_back(u);
  }
  // And only what the chain lets a withdraw spend (never a BCH output carrying tokens).
  std::vector<UnspentOutput> outputs = co_await spendableOf(std::move(confirmed));
  const UtxoWithdrawContext context{*backend_, clock_};
  // More than merge_at, and never one output "merged" into itself (KDF takes merge_at 0 or 1).
  if (outputs.size() <= std::max<std::uint64_t>(params.merge_at, 1)) co_return std::nullopt;
  std::sort(outputs.begin(), outputs.end(),
            [](const UnspentOutput& a, const UnspentOutput& b) { return a.value < b.value; });
  const std::size_t input_vbytes = kind_ == SpendKind::P2WPKH ? 69 : 149;  // largest signature
  const std::size_t fits = (kMaxStandardTxVbytes - 100) / input_vbytes;
  const std::size_t at_once =
      static_cast<std::size_t>(std::clamp<std::uint64_t>(params.max_merge_at_once, 2, fits));
  const std::size_t count = std::min(outputs.size(), at_once);
  SelectionRequest selection;
  selection.max = true;
  selection.payments = {{0, mine_.script}};
  selection.change_script = mine_.script;
  selection.dust = settings_.dust;
  selection.fee = co_await feeRule(std::nullopt);
  for (std::size_t i = 0; i < count; ++i)
    selection.unspent.push_back({outputs[i].outpoint,
                                 {outputs[i].value, outputs[i].script_pubkey},
                                 kind_,
                                 outputs[i].confirmations});
  selection.extra_base_bytes = chain_->extraBaseBytes();
  const Selection chosen = selectCoins(selection);  // SelectionError: worth less than the fee
  const std::uint32_t locktime = co_await chain_->locktime(context);
  const UtxoTransaction tx = signedTransaction(chosen, locktime);
  std::string hex = toHex(chain_->serialize(tx));
  co_return co_await broadcastOwn(tx, std::move(hex));
}

namespace {

struct MergeState {
  std::shared_ptr<UtxoCoin> coin;
  UtxoMergeParams params;
  bool waited = false;  // KDF's loop sleeps check_every before its first count
};

// One round: count the outputs and merge them when there are more than merge_at. What a merge
// in flight spends is already gone from unspentOf (our own broadcasts correct the peer's list),
// so a round before it is mined does not spend the same outputs again.
Task<bool> mergeRound(std::shared_ptr<MergeState> s) {
  if (!std::exchange(s->waited, true)) co_return true;
  try {
    co_await s->coin->mergeOnce(s->params);
  } catch (const std::exception&) {
    // Not reached, refused, or worth less than its fee: counted again check_every later.
  }
  co_return true;
}

}  // namespace

void startUtxoMergeLoop(std::shared_ptr<UtxoCoin> coin, UtxoMergeParams params, Executor& executor,
                        CancellationToken stop) {
  const auto interval_ms = static_cast<std::uint64_t>(
      std::clamp(params.check_every * 1000, double(kMinMergeIntervalMs), 86400e3));
  auto state = std::make_shared<MergeState>(MergeState{std::move(coin), params});
  spawnRounds(executor, interval_ms, std::move(stop), [state] { return mergeRound(state); });
}

}  // namespace walletd

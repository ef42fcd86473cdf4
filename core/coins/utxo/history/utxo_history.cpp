// Syncing a UTXO coin's history with its peer.
#include "core/coins/utxo/history/utxo_history.h"

#include <set>

#include "core/async/rounds.h"
#include "core/coins/transport_error.h"
#include "core/coins/utxo/utxo_coin.h"

namespace walletd {

Task<void> UtxoHistory::load() {
  txs_ = co_await store_.load();
}

Task<void> UtxoHistory::sync(UtxoBackend& backend, const UtxoChain& chain,
                             const std::vector<WatchedAddress>& owned, const Clock& clock) {
  std::set<std::string> mine;
  for (const WatchedAddress& a : owned) mine.insert(std::string(a.script.begin(), a.script.end()));
  const std::vector<HistoryItem> listed = co_await backend.history(owned);

  std::vector<StoredUtxoTx> changed;
  std::vector<std::string> fresh;
  std::map<std::string, std::uint64_t> heights;
  for (const HistoryItem& item : listed) {
    heights[item.txid] = item.height;
    auto known = txs_.find(item.txid);
    if (known == txs_.end()) {
      fresh.push_back(item.txid);
    } else if (known->second.height != item.height) {
      known->second.height = item.height;
      changed.push_back(known->second);
    }
  }
  // A mempool transaction the peer no longer lists was dropped (or replaced).
  std::vector<std::string> removed;
  for (const auto& [txid, tx] : txs_)
    if (tx.height == 0 && !heights.count(txid)) removed.push_back(txid);
  for (const std::string& txid : removed) txs_.erase(txid);

  // The new transactions, then every transaction their inputs spend from.
  const std::vector<Bytes> raws = co_await backend.transactions(fresh);
  std::vector<UtxoTransaction> parsed;
  std::set<std::string> prev_ids;
  for (const Bytes& raw : raws) {
    parsed.push_back(chain.parse(raw));
    for (const TxInput& in : parsed.back().inputs) {
      const std::string prev = in.prevout.displayTxid();
      if (prev != std::string(64, '0')) prev_ids.insert(prev);
    }
  }
  const std::vector<std::string> prev_list(prev_ids.begin(), prev_ids.end());
  const std::vector<Bytes> prev_raws = co_await backend.transactions(prev_list);
  std::map<std::string, UtxoTransaction> prevs;
  for (std::size_t i = 0; i < prev_list.size() && i < prev_raws.size(); ++i)
    prevs.emplace(prev_list[i], chain.parse(prev_raws[i]));

  std::vector<StoredUtxoTx> added;
  for (std::size_t i = 0; i < parsed.size(); ++i) {
    StoredUtxoTx tx;
    tx.txid = fresh[i];
    tx.raw = raws[i];
    tx.height = heights[fresh[i]];
    bool relevant = false;
    for (const TxInput& in : parsed[i].inputs) {
      auto prev = prevs.find(in.prevout.displayTxid());
      if (prev == prevs.end() || in.prevout.index >= prev->second.outputs.size()) {
        tx.prevouts.push_back(std::nullopt);
        continue;
      }
      const TxOutput& spent = prev->second.outputs[in.prevout.index];
      relevant = relevant ||
                 mine.count(std::string(spent.script_pubkey.begin(), spent.script_pubkey.end()));
      tx.prevouts.push_back(SpentOutput{spent.value, spent.script_pubkey});
    }
    for (const TxOutput& out : parsed[i].outputs)
      relevant =
          relevant || mine.count(std::string(out.script_pubkey.begin(), out.script_pubkey.end()));
    if (relevant) added.push_back(std::move(tx));  // Native lists the daemon's whole wallet
  }

  // Block times for what is new or moved into a block.
  std::set<std::uint64_t> wanted;
  for (const StoredUtxoTx& tx : added)
    if (tx.height > 0) wanted.insert(tx.height);
  for (const StoredUtxoTx& tx : changed)
    if (tx.height > 0) wanted.insert(tx.height);
  const std::vector<std::uint64_t> height_list(wanted.begin(), wanted.end());
  const std::vector<std::uint64_t> times = co_await backend.blockTimes(height_list);
  std::map<std::uint64_t, std::uint64_t> time_at;
  for (std::size_t i = 0; i < height_list.size() && i < times.size(); ++i)
    time_at[height_list[i]] = times[i];
  const std::uint64_t now = clock.unixMillis() / 1000;
  for (StoredUtxoTx& tx : added) tx.timestamp = tx.height > 0 ? time_at[tx.height] : now;
  for (StoredUtxoTx& tx : changed) {
    if (tx.height > 0) tx.timestamp = time_at[tx.height];
    txs_[tx.txid].timestamp = tx.timestamp;
  }
  for (const StoredUtxoTx& tx : added) {
    txs_[tx.txid] = tx;
    changed.push_back(tx);
  }
  co_await store_.save(std::move(changed), std::move(removed));
}

namespace {

struct HistoryLoop {
  std::shared_ptr<UtxoCoin> coin;
  std::shared_ptr<UtxoHistory> history;
  bool loaded = false;
};

// One round: the stored history loaded (first round), then a sync.
Task<bool> historyRound(std::shared_ptr<HistoryLoop> s) {
  std::string problem;
  try {
    if (!s->loaded) {
      co_await s->history->load();
      s->loaded = true;
      s->history->state = "InProgress";
    }
    const std::vector<WatchedAddress> owned = s->coin->ownedAddresses();
    co_await s->history->sync(s->coin->backend(), s->coin->chain(), owned, s->coin->clock());
  } catch (const std::exception& e) {
    problem = e.what();
  }
  if (problem.empty()) {
    s->history->state = "Finished";
    s->history->problem.reset();
  } else {
    s->history->state = "Error";  // what is stored still answers; the next round tries again
    s->history->problem = problem;
  }
  co_return true;
}

}  // namespace

void startUtxoHistoryLoop(std::shared_ptr<UtxoCoin> coin, std::shared_ptr<UtxoHistory> history,
                          Executor& executor, CancellationToken stop) {
  auto state =
      std::make_shared<HistoryLoop>(HistoryLoop{std::move(coin), std::move(history), false});
  spawnRounds(executor, UtxoHistory::kPollMs, std::move(stop),
              [state] { return historyRound(state); });
}

}  // namespace walletd

// UtxoHistory: a coin's transaction history (tx_history: true), in memory and in storage, kept
// in step with the peer by a background loop: each round asks the peer for the history of every
// address the coin knows (one batch), fetches the transactions it has not seen and the outputs
// their inputs spent, records heights and block times, forgets mempool transactions the peer no
// longer lists, and stores what changed. A restart starts from what is stored and fetches only
// what is new.
#pragma once

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/async/cancellation.h"
#include "core/coins/utxo/chain/utxo_chain.h"
#include "core/coins/utxo/history/utxo_history_store.h"
#include "core/coins/utxo/utxo_backend.h"
#include "core/platform/clock.h"
#include "core/platform/executor.h"

namespace walletd {

class UtxoCoin;

class UtxoHistory {
 public:
  static constexpr std::uint64_t kPollMs = 2000;

  explicit UtxoHistory(UtxoHistoryStore store) : store_(std::move(store)) {}

  Task<void> load();
  // One round against the peer for the coin's addresses.
  Task<void> sync(UtxoBackend& backend, const UtxoChain& chain,
                  const std::vector<WatchedAddress>& owned, const Clock& clock);
  const std::map<std::string, StoredUtxoTx>& transactions() const { return txs_; }

  // KDF's sync_status: NotStarted, InProgress, Finished or Error (with `problem`).
  std::string state = "NotStarted";
  std::optional<std::string> problem;

 private:
  UtxoHistoryStore store_;
  std::map<std::string, StoredUtxoTx> txs_;
};

// Loads the stored history, then syncs every kPollMs until `stop` is cancelled.
void startUtxoHistoryLoop(std::shared_ptr<UtxoCoin> coin, std::shared_ptr<UtxoHistory> history,
                          Executor& executor, CancellationToken stop);

}  // namespace walletd

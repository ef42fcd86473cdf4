// TendermintHistory: a Tendermint platform's transaction history (tx_history: true), for the
// platform coin and its tokens. A background loop asks the node's tx_search for the address's
// transactions — `coin_spent.spender = '<address>'`, then `coin_received.receiver = '<address>'`,
// 50 per page, oldest first, as KDF asks — keeps the successful ones it has not seen with their
// block's time (0 when a pruned node no longer has the block), and stores each under
// "<wallet id>/<ticker>/<hash>" in `tx_history`, so a restart starts from what is stored; each
// round resumes each query at the page it had read up to (at most kMaxPagesPerRound pages). A row
// is the coin's denom moved for the address, read from the SDK's coin_spent and coin_received
// events (fees included, since the fee is spent too).
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/async/cancellation.h"
#include "core/async/task.h"
#include "core/coins/tx_history.h"
#include "core/platform/executor.h"
#include "core/platform/storage.h"

namespace walletd {

class TendermintPlatform;

// One committed transaction of the address: its bytes and the coin movements of its events.
struct StoredCosmosTx {
  std::string hash;  // upper-case hex
  std::uint64_t height = 0;
  std::uint64_t timestamp = 0;  // the block's time
  Bytes tx;
  // {"spent": [[address, "123uatom,4ibc/…"], …], "received": [...]} from coin_spent/coin_received.
  Json moves;
};

// What a history row is about: the coin, its denom and the address.
struct CosmosHistoryCoin {
  std::string ticker;
  std::string denom;
  unsigned decimals = 6;
  std::string token_id;  // empty for the platform coin
};

class TendermintHistory {
 public:
  static constexpr std::uint64_t kPollMs = 5000;
  static constexpr std::uint32_t kPerPage = 50;
  static constexpr std::uint32_t kMaxPagesPerRound = 40;

  TendermintHistory(Storage& storage, std::string prefix)
      : storage_(storage), prefix_(std::move(prefix)) {}

  Task<void> load();
  // One round against the node for `address`.
  Task<void> sync(TendermintPlatform& platform, std::string address);
  const std::map<std::string, StoredCosmosTx>& transactions() const { return txs_; }

  // KDF's sync_status: NotStarted, InProgress, Finished or Error (with `problem`).
  std::string state = "NotStarted";
  std::optional<std::string> problem;

 private:
  Storage& storage_;
  std::string prefix_;
  std::map<std::string, StoredCosmosTx> txs_;
  std::map<std::string, std::uint64_t> read_;  // tx_search query → matches read so far
};

// my_tx_history's page for `coin` of `platform` (newest first, paged by PageNumber or FromId).
Task<TxHistoryPage> tendermintHistoryPage(TendermintPlatform& platform, CosmosHistoryCoin coin,
                                          TxHistoryRequest request);

// Loads the stored history, then syncs every kPollMs until `stop` is cancelled.
void startTendermintHistoryLoop(std::shared_ptr<TendermintPlatform> platform, Executor& executor,
                                CancellationToken stop);

// "2024-05-12T10:20:27.123456Z" → Unix seconds; nullopt when it is not RFC 3339 in UTC.
std::optional<std::uint64_t> rfc3339Seconds(const std::string& text);

}  // namespace walletd

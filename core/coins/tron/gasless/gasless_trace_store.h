// GaslessTraceStore: the followed gasless transfers on disk, so a daemon restart loses none. One
// record per transfer in the `gasless_traces` storage namespace under
// "<platform ticker>/<trace id>": {coin, decimals, user, last_state} — written before
// send_raw_transaction answers, updated when the stream reports a new state (so a restart does
// not report it again), erased once the transfer is confirmed, failed or given up. Re-activating
// the platform with its relay provider follows the records whose user is an address of this wallet
// again.
#pragma once

#include <string>
#include <vector>

#include "core/async/task.h"
#include "core/encoding/eth_address.h"
#include "core/platform/storage.h"

namespace walletd {

struct StoredTrace {
  std::string trace_id;
  std::string coin;
  unsigned decimals = 6;
  EthAddress user{};
  std::string last_state;  // the state last reported on the stream ("" before any)
};

class GaslessTraceStore {
 public:
  GaslessTraceStore(Storage& storage, std::string platform)
      : storage_(storage), platform_(std::move(platform)) {}

  // Adds or replaces the record.
  Task<void> put(StoredTrace trace);
  Task<void> remove(std::string trace_id);
  // Every record of the platform; unreadable ones are skipped.
  Task<std::vector<StoredTrace>> load();

 private:
  Storage& storage_;
  std::string platform_;
};

}  // namespace walletd

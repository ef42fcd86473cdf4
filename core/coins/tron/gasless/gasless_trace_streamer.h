// GASLESS_TRACE:<COIN>: every `status_poll_interval_ms`, one poll of each transfer of the coin
// that is still followed (never two at once for one transfer), and one event per state change —
// the first poll reports the current state — until confirmed or failed. A failed poll is an
// ERROR:GASLESS_TRACE:<COIN> event {coin, trace_id, error}; after GaslessTraces::kMaxFailures in
// a row the transfer is no longer followed, and a last error event says so. While the coin is
// disabled nothing is polled; once it is active again its (reloaded) transfers are.
#pragma once

#include <functional>
#include <memory>
#include <string>

#include "core/coins/tron/gasless/tron_relay.h"
#include "core/platform/executor.h"
#include "core/stream/streamer.h"

namespace walletd {

// The coin's relay while the coin is active with one; null otherwise.
using RelayLookup = std::function<std::shared_ptr<TronRelay>()>;

class GaslessTraceStreamer : public Streamer {
 public:
  // `publish_error` sends an ERROR:<streamer id> event.
  GaslessTraceStreamer(Executor& executor, RelayLookup find_relay, std::string coin,
                       PublishFn publish_error);
  ~GaslessTraceStreamer() override;
  void start(PublishFn publish) override;
  void stop() override;

  struct State;  // shared with the polls in flight

 private:
  std::shared_ptr<State> state_;
};

}  // namespace walletd

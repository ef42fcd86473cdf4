// Streamer: one running source of events (heartbeat, balance, gasless trace, ...). It is shared by
// every client subscribed to its id, started by the first and stopped when the last leaves.
#pragma once

#include <functional>
#include <memory>
#include <string>

#include "core/rpc/json.h"

namespace walletd {

// What a streamer publishes through: `message` becomes the event's `message`.
using PublishFn = std::function<void(Json message)>;

class Streamer {
 public:
  virtual ~Streamer() = default;
  virtual void start(PublishFn publish) = 0;
  virtual void stop() = 0;
};

using StreamerFactory = std::function<std::unique_ptr<Streamer>()>;

}  // namespace walletd

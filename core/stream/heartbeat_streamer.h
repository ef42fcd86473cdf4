// HEARTBEAT: an empty message at once and then every `interval_ms`, so a client can tell a
// quiet stream from a dead one.
#pragma once

#include <cstdint>

#include "core/platform/executor.h"
#include "core/stream/streamer.h"

namespace walletd {

class HeartbeatStreamer : public Streamer {
 public:
  HeartbeatStreamer(Executor& executor, std::uint64_t interval_ms)
      : executor_(executor), interval_ms_(interval_ms) {}
  void start(PublishFn publish) override {
    publish_ = std::move(publish);
    beat();
  }
  void stop() override {
    if (timer_) executor_.cancelTimer(timer_);
    timer_ = 0;
  }

 private:
  void beat() {
    publish_(Json::object());
    timer_ = executor_.startTimer(interval_ms_, [this] { beat(); });
  }
  Executor& executor_;
  std::uint64_t interval_ms_;
  PublishFn publish_;
  TimerId timer_ = 0;
};

}  // namespace walletd

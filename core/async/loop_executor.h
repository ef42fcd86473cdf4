// LoopExecutor: a single-threaded run queue with timers, driven explicitly by its owner. The unit
// tests drive it with a manual clock; the wasm host drains it from the JS event loop.
#pragma once

#include <cstdint>
#include <deque>
#include <functional>
#include <map>
#include <optional>
#include <utility>

#include "core/platform/clock.h"
#include "core/platform/executor.h"

namespace walletd {

class LoopExecutor : public Executor {
 public:
  explicit LoopExecutor(const Clock& clock) : clock_(clock) {}

  void post(std::function<void()> work) override;
  TimerId startTimer(std::uint64_t delay_ms, std::function<void()> work) override;
  void cancelTimer(TimerId id) override;

  // Runs posted work and due timers until neither is left; returns how many items ran.
  std::size_t runReady();
  // Milliseconds until the earliest pending timer, if any.
  std::optional<std::uint64_t> nextTimerDelay() const;
  bool hasPendingWork() const { return !queue_.empty() || !timers_.empty(); }

 private:
  struct Timer {
    std::uint64_t due_ms;
    std::function<void()> work;
  };
  const Clock& clock_;
  std::deque<std::function<void()>> queue_;
  // Ordered by (due time, id) so timers with equal deadlines fire in start order.
  std::map<std::pair<std::uint64_t, TimerId>, std::function<void()>> timers_;
  std::map<TimerId, std::uint64_t> timer_due_;
  TimerId next_timer_ = 1;
};

}  // namespace walletd

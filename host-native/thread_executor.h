// ThreadExecutor: the core's single thread in the daemon. Any thread may post work or start
// timers; run() executes them in order on the calling thread until stop().
#pragma once

#include <chrono>
#include <condition_variable>
#include <deque>
#include <map>
#include <mutex>

#include "core/platform/executor.h"

namespace walletd {

class ThreadExecutor : public Executor {
 public:
  void post(std::function<void()> work) override;
  TimerId startTimer(std::uint64_t delay_ms, std::function<void()> work) override;
  void cancelTimer(TimerId id) override;

  void run();  // returns after stop()
  void stop();

 private:
  using TimePoint = std::chrono::steady_clock::time_point;
  std::mutex mutex_;
  std::condition_variable wake_;
  std::deque<std::function<void()>> queue_;
  std::map<std::pair<TimePoint, TimerId>, std::function<void()>> timers_;
  std::map<TimerId, TimePoint> timer_due_;
  TimerId next_timer_ = 1;
  bool stopping_ = false;
};

}  // namespace walletd

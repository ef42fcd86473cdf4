// LoopExecutor implementation.
#include "core/async/loop_executor.h"

namespace walletd {

void LoopExecutor::post(std::function<void()> work) {
  queue_.push_back(std::move(work));
}

TimerId LoopExecutor::startTimer(std::uint64_t delay_ms, std::function<void()> work) {
  TimerId id = next_timer_++;
  std::uint64_t due = clock_.monotonicMillis() + delay_ms;
  timers_.emplace(std::make_pair(due, id), std::move(work));
  timer_due_.emplace(id, due);
  return id;
}

void LoopExecutor::cancelTimer(TimerId id) {
  auto it = timer_due_.find(id);
  if (it == timer_due_.end()) return;
  timers_.erase({it->second, id});
  timer_due_.erase(it);
}

std::size_t LoopExecutor::runReady() {
  std::size_t ran = 0;
  for (;;) {
    if (!queue_.empty()) {
      auto work = std::move(queue_.front());
      queue_.pop_front();
      work();
      ++ran;
      continue;
    }
    if (!timers_.empty() && timers_.begin()->first.first <= clock_.monotonicMillis()) {
      auto node = timers_.extract(timers_.begin());
      timer_due_.erase(node.key().second);
      node.mapped()();
      ++ran;
      continue;
    }
    return ran;
  }
}

std::optional<std::uint64_t> LoopExecutor::nextTimerDelay() const {
  if (timers_.empty()) return std::nullopt;
  std::uint64_t due = timers_.begin()->first.first;
  std::uint64_t now = clock_.monotonicMillis();
  return due > now ? due - now : 0;
}

}  // namespace walletd

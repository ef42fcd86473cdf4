// ThreadExecutor implementation.
#include "host-native/thread_executor.h"

namespace walletd {

void ThreadExecutor::post(std::function<void()> work) {
  {
    std::lock_guard lock(mutex_);
    queue_.push_back(std::move(work));
  }
  wake_.notify_one();
}

TimerId ThreadExecutor::startTimer(std::uint64_t delay_ms, std::function<void()> work) {
  TimerId id;
  {
    std::lock_guard lock(mutex_);
    id = next_timer_++;
    TimePoint due = std::chrono::steady_clock::now() + std::chrono::milliseconds(delay_ms);
    timers_.emplace(std::make_pair(due, id), std::move(work));
    timer_due_.emplace(id, due);
  }
  wake_.notify_one();
  return id;
}

void ThreadExecutor::cancelTimer(TimerId id) {
  std::lock_guard lock(mutex_);
  auto it = timer_due_.find(id);
  if (it == timer_due_.end()) return;
  timers_.erase({it->second, id});
  timer_due_.erase(it);
}

void ThreadExecutor::run() {
  std::unique_lock lock(mutex_);
  while (!stopping_) {
    if (!queue_.empty()) {
      auto work = std::move(queue_.front());
      queue_.pop_front();
      lock.unlock();
      work();
      lock.lock();
      continue;
    }
    if (!timers_.empty()) {
      auto first = timers_.begin();
      if (first->first.first <= std::chrono::steady_clock::now()) {
        auto node = timers_.extract(first);
        timer_due_.erase(node.key().second);
        lock.unlock();
        node.mapped()();
        lock.lock();
        continue;
      }
      wake_.wait_until(lock, first->first.first);
      continue;
    }
    wake_.wait(lock);
  }
}

void ThreadExecutor::stop() {
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  wake_.notify_all();
}

}  // namespace walletd

// AsyncMutex: serialises coroutines across their suspension points (e.g. read-check-write of a
// storage record). `auto guard = co_await mutex.scoped();` holds it until the guard dies.
#pragma once

#include <deque>

#include "core/async/coroutine_compat.h"
#include "core/platform/executor.h"

namespace walletd {

class AsyncMutex {
 public:
  explicit AsyncMutex(Executor& executor) : executor_(executor) {}

  class Guard {
   public:
    explicit Guard(AsyncMutex* m) : mutex_(m) {}
    Guard(Guard&& other) noexcept : mutex_(other.mutex_) { other.mutex_ = nullptr; }
    Guard(const Guard&) = delete;
    Guard& operator=(const Guard&) = delete;
    Guard& operator=(Guard&&) = delete;
    ~Guard() {
      if (mutex_) mutex_->unlock();
    }

   private:
    AsyncMutex* mutex_;
  };

  struct LockAwaiter {
    AsyncMutex& mutex;
    bool await_ready() {
      if (mutex.locked_) return false;
      mutex.locked_ = true;
      return true;
    }
    void await_suspend(coro::handle<> waiter) { mutex.waiters_.push_back(waiter); }
    Guard await_resume() { return Guard(&mutex); }
  };

  LockAwaiter scoped() { return LockAwaiter{*this}; }

 private:
  // Ownership passes directly to the next waiter; it resumes from the executor, not inside the
  // releasing coroutine's stack.
  void unlock() {
    if (waiters_.empty()) {
      locked_ = false;
      return;
    }
    coro::handle<> next = waiters_.front();
    waiters_.pop_front();
    executor_.post([next]() mutable { next.resume(); });
  }

  Executor& executor_;
  bool locked_ = false;
  std::deque<coro::handle<>> waiters_;
};

}  // namespace walletd

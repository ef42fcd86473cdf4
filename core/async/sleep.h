// co_await sleepFor(executor, ms, token): suspends on an executor timer; a cancelled token wakes
// the sleeper early with OperationCancelled.
#pragma once

#include <cstdint>

#include "core/async/cancellation.h"
#include "core/async/coroutine_compat.h"
#include "core/platform/executor.h"

namespace walletd {

class SleepAwaiter {
 public:
  SleepAwaiter(Executor& executor, std::uint64_t delay_ms, CancellationToken token)
      : executor_(executor), delay_ms_(delay_ms), token_(std::move(token)) {}

  bool await_ready() const noexcept { return token_.isCancelled(); }
  void await_suspend(coro::handle<> waiter) {
    timer_ = executor_.startTimer(delay_ms_, [this, waiter]() mutable {
      token_.removeCallback(cancel_callback_);
      waiter.resume();
    });
    cancel_callback_ = token_.onCancel([this, waiter]() mutable {
      executor_.cancelTimer(timer_);
      executor_.post([waiter]() mutable { waiter.resume(); });
    });
  }
  void await_resume() const { token_.throwIfCancelled(); }

 private:
  Executor& executor_;
  std::uint64_t delay_ms_;
  CancellationToken token_;
  TimerId timer_ = 0;
  std::uint64_t cancel_callback_ = 0;
};

inline SleepAwaiter sleepFor(Executor& executor, std::uint64_t delay_ms,
                             CancellationToken token = {}) {
  return SleepAwaiter(executor, delay_ms, std::move(token));
}

}  // namespace walletd

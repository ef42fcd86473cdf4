// Completion: starts a Task<void> at once and lets a coroutine await its end later. Used where
// work must *begin* inside a critical section (so that its order is fixed) but be waited for
// outside it: e.g. a storage batch queued under a lock whose fsync must not hold the lock.
// One awaiter only (a second would replace the first, which then never resumes): hand each
// waiter its own OneShot where several wait for the same work.
#pragma once

#include <exception>
#include <functional>
#include <memory>
#include <utility>

#include "core/async/coroutine_compat.h"
#include "core/async/spawn.h"
#include "core/async/task.h"

namespace walletd {

class Completion {
 public:
  Completion() = default;

  // Runs `task` now (up to its first suspension, inside this call). `on_end` runs when it ends,
  // before any awaiter resumes.
  static Completion start(Task<void> task, std::function<void(std::exception_ptr)> on_end = {}) {
    Completion c;
    c.state_ = std::make_shared<State>();
    spawn(std::move(task), [state = c.state_, on_end = std::move(on_end)](std::exception_ptr e) {
      if (on_end) on_end(e);
      state->done = true;
      state->error = e;
      if (auto waiter = std::exchange(state->waiter, nullptr)) waiter.resume();
    });
    return c;
  }

  bool await_ready() const noexcept { return !state_ || state_->done; }
  void await_suspend(coro::handle<> waiter) noexcept { state_->waiter = waiter; }
  void await_resume() const {
    if (state_ && state_->error) std::rethrow_exception(state_->error);
  }

 private:
  struct State {
    bool done = false;
    std::exception_ptr error;
    coro::handle<> waiter = nullptr;
  };
  std::shared_ptr<State> state_;
};

}  // namespace walletd

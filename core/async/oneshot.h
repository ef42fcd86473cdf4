// OneShot<T>: a result that one side settles later — an answer read off a socket, a wallet's
// reply — and one coroutine awaits. Copies share the state; only the first settle or fail counts,
// and the awaiter resumes through the executor, never inside settle(). A timeout is a timer that
// calls fail().
#pragma once

#include <exception>
#include <memory>
#include <optional>
#include <utility>

#include "core/async/coroutine_compat.h"
#include "core/platform/executor.h"

namespace walletd {

template <typename T>
class OneShot {
  struct State {
    explicit State(Executor& e) : executor(e) {}
    Executor& executor;
    bool done = false;
    std::optional<T> value;
    std::exception_ptr error;
    coro::handle<> waiter = nullptr;
  };

 public:
  explicit OneShot(Executor& executor) : state_(std::make_shared<State>(executor)) {}

  bool settled() const { return state_->done; }
  void settle(T value) { finish(std::move(value), nullptr); }
  void fail(std::exception_ptr error) { finish(std::nullopt, error); }

  struct Awaiter {
    std::shared_ptr<State> state;
    bool await_ready() const noexcept { return state->done; }
    void await_suspend(coro::handle<> waiter) noexcept { state->waiter = waiter; }
    T await_resume() {
      if (state->error) std::rethrow_exception(state->error);
      return std::move(*state->value);
    }
  };
  Awaiter operator co_await() const { return Awaiter{state_}; }

 private:
  void finish(std::optional<T> value, std::exception_ptr error) {
    if (state_->done) return;
    state_->done = true;
    state_->value = std::move(value);
    state_->error = error;
    if (auto waiter = std::exchange(state_->waiter, nullptr))
      state_->executor.post([waiter]() mutable { waiter.resume(); });
  }

  std::shared_ptr<State> state_;
};

}  // namespace walletd

// spawn(): runs a Task to completion without an awaiter (the root of every request or background
// job) and reports its value or exception to a callback.
#pragma once

#include <exception>
#include <functional>
#include <optional>
#include <type_traits>
#include <utility>

#include "core/async/task.h"

namespace walletd {

namespace detail {
// An eagerly started coroutine that owns itself and frees its frame when it ends.
struct Detached {
  struct promise_type {
    Detached get_return_object() noexcept { return {}; }
    coro::suspend_never initial_suspend() noexcept { return {}; }
    coro::suspend_never final_suspend() noexcept { return {}; }
    void return_void() noexcept {}
    void unhandled_exception() noexcept { std::terminate(); }
  };
};

template <typename T, typename Done>
Detached run_detached(Task<T> task, Done done) {
  std::exception_ptr error;
  if constexpr (std::is_void_v<T>) {
    try {
      co_await task;
    } catch (...) {
      error = std::current_exception();
    }
    done(error);
  } else {
    std::optional<T> value;
    try {
      value.emplace(co_await task);
    } catch (...) {
      error = std::current_exception();
    }
    done(std::move(value), error);
  }
}
}  // namespace detail

// Starts `task` now; `done(error)` is called when a Task<void> ends.
inline void spawn(Task<void> task, std::function<void(std::exception_ptr)> done) {
  detail::run_detached(std::move(task), std::move(done));
}

// Starts `task` now; `done(value, error)` is called with exactly one of them set.
template <typename T>
void spawn(Task<T> task, std::function<void(std::optional<T>, std::exception_ptr)> done) {
  detail::run_detached(std::move(task), std::move(done));
}

}  // namespace walletd

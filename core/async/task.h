// Task<T>: a lazy coroutine that produces a T (or throws). It starts when awaited and resumes its
// awaiter when done. A task that finishes synchronously hands control straight back to the
// awaiter without nesting stack frames, so long loops of ready awaits need no tail calls (which
// Emscripten 3.1.6 would otherwise require).
#pragma once

#include <exception>
#include <utility>
#include <variant>

#include "core/async/coroutine_compat.h"

namespace walletd {

template <typename T>
class Task;

namespace detail {

// Bookkeeping shared by Task<T> and Task<void> promises.
struct TaskPromiseBase {
  coro::handle<> continuation;
  bool starting = false;  // true while the awaiter is inside the child's first resume()
  bool finished = false;

  coro::suspend_always initial_suspend() noexcept { return {}; }

  struct FinalAwaiter {
    bool await_ready() noexcept { return false; }
    template <typename P>
    void await_suspend(coro::handle<P> self) noexcept {
      TaskPromiseBase& p = self.promise();
      p.finished = true;
      // Finished synchronously: the awaiter's await_suspend returns false and continues itself.
      if (!p.starting && p.continuation) p.continuation.resume();
    }
    void await_resume() noexcept {}
  };
  FinalAwaiter final_suspend() noexcept { return {}; }
};

template <typename T>
struct TaskPromise : TaskPromiseBase {
  std::variant<std::monostate, T, std::exception_ptr> result;
  Task<T> get_return_object() noexcept;
  template <typename U>
  void return_value(U&& value) {
    result.template emplace<1>(std::forward<U>(value));
  }
  void unhandled_exception() noexcept { result.template emplace<2>(std::current_exception()); }
  T take() {
    if (result.index() == 2) std::rethrow_exception(std::get<2>(result));
    return std::move(std::get<1>(result));
  }
};

template <>
struct TaskPromise<void> : TaskPromiseBase {
  std::exception_ptr error;
  Task<void> get_return_object() noexcept;
  void return_void() noexcept {}
  void unhandled_exception() noexcept { error = std::current_exception(); }
  void take() {
    if (error) std::rethrow_exception(error);
  }
};

}  // namespace detail

template <typename T = void>
class [[nodiscard]] Task {
 public:
  using promise_type = detail::TaskPromise<T>;
  using Handle = coro::handle<promise_type>;

  Task() = default;
  explicit Task(Handle h) : handle_(h) {}
  Task(Task&& other) noexcept : handle_(std::exchange(other.handle_, {})) {}
  Task& operator=(Task&& other) noexcept {
    if (this != &other) {
      reset();
      handle_ = std::exchange(other.handle_, {});
    }
    return *this;
  }
  Task(const Task&) = delete;
  Task& operator=(const Task&) = delete;
  ~Task() { reset(); }

  bool await_ready() const noexcept { return false; }
  // Starts the child; returns false (continue the awaiter now) when it already finished.
  bool await_suspend(coro::handle<> awaiter) {
    promise_type& p = handle_.promise();
    p.continuation = awaiter;
    p.starting = true;
    handle_.resume();
    p.starting = false;
    return !p.finished;
  }
  T await_resume() { return handle_.promise().take(); }

 private:
  void reset() {
    if (handle_) handle_.destroy();
    handle_ = {};
  }
  Handle handle_;
};

namespace detail {
template <typename T>
Task<T> TaskPromise<T>::get_return_object() noexcept {
  return Task<T>(coro::handle<TaskPromise<T>>::from_promise(*this));
}
inline Task<void> TaskPromise<void>::get_return_object() noexcept {
  return Task<void>(coro::handle<TaskPromise<void>>::from_promise(*this));
}
}  // namespace detail

}  // namespace walletd

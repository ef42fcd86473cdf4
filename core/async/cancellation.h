// Cooperative cancellation: a CancellationSource cancels; tokens observe it and run callbacks
// registered by whatever is waiting (timers, I/O) so the waiter wakes with OperationCancelled.
#pragma once

#include <cstdint>
#include <exception>
#include <functional>
#include <map>
#include <memory>

namespace walletd {

struct OperationCancelled : std::exception {
  const char* what() const noexcept override { return "operation cancelled"; }
};

namespace detail {
struct CancellationState {
  bool cancelled = false;
  std::uint64_t next_id = 1;
  std::map<std::uint64_t, std::function<void()>> callbacks;
};
}  // namespace detail

class CancellationToken {
 public:
  CancellationToken() = default;  // a token that is never cancelled
  explicit CancellationToken(std::shared_ptr<detail::CancellationState> s) : state_(std::move(s)) {}

  bool isCancelled() const { return state_ && state_->cancelled; }
  bool canBeCancelled() const { return state_ != nullptr; }
  void throwIfCancelled() const {
    if (isCancelled()) throw OperationCancelled();
  }
  // Registers `fn` to run once on cancellation; returns 0 when the token cannot be cancelled.
  std::uint64_t onCancel(std::function<void()> fn) const {
    if (!state_) return 0;
    std::uint64_t id = state_->next_id++;
    state_->callbacks.emplace(id, std::move(fn));
    return id;
  }
  void removeCallback(std::uint64_t id) const {
    if (state_) state_->callbacks.erase(id);
  }

 private:
  std::shared_ptr<detail::CancellationState> state_;
};

class CancellationSource {
 public:
  CancellationSource() : state_(std::make_shared<detail::CancellationState>()) {}
  CancellationToken token() const { return CancellationToken(state_); }
  bool isCancelled() const { return state_->cancelled; }
  void cancel() {
    if (state_->cancelled) return;
    state_->cancelled = true;
    auto callbacks = std::move(state_->callbacks);
    state_->callbacks.clear();
    for (auto& [id, fn] : callbacks) fn();
  }

 private:
  std::shared_ptr<detail::CancellationState> state_;
};

}  // namespace walletd

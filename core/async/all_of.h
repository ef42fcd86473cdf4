// Running independent awaits at once: allOf starts every task now (each runs until its first
// suspension) and finishes when all have. A failure is rethrown only after every task ended, so
// none outlives the caller's frame it writes into; the first failure wins. storeInto adapts a
// Task<T> that fills a variable of the caller.
#pragma once

#include <exception>
#include <utility>
#include <vector>

#include "core/async/completion.h"
#include "core/async/task.h"

namespace walletd {

template <typename T>
Task<void> storeInto(T& out, Task<T> task) {
  out = co_await task;
}

inline Task<void> allOf(std::vector<Task<void>> tasks) {
  std::vector<Completion> running;
  running.reserve(tasks.size());
  for (Task<void>& task : tasks) running.push_back(Completion::start(std::move(task)));
  std::exception_ptr first;
  for (Completion& completion : running) {
    try {
      co_await completion;
    } catch (...) {
      if (!first) first = std::current_exception();
    }
  }
  if (first) std::rethrow_exception(first);
}

}  // namespace walletd

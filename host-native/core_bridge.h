// CoreBridge: lets a host thread (main, a test tool) run a coroutine on the core thread and wait
// for its result.
#pragma once

#include <functional>
#include <future>

#include "core/async/spawn.h"
#include "core/platform/executor.h"

namespace walletd {

// Runs `make()` on the core thread; blocks the calling thread until it ends; rethrows errors.
template <typename T>
T runOnCore(Executor& executor, std::function<Task<T>()> make) {
  std::promise<T> promise;
  std::future<T> result = promise.get_future();
  executor.post([&promise, &make] {
    spawn<T>(make(), [&promise](std::optional<T> value, std::exception_ptr error) {
      if (error) {
        promise.set_exception(error);
      } else {
        promise.set_value(std::move(*value));
      }
    });
  });
  return result.get();
}

}  // namespace walletd

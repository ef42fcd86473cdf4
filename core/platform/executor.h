// Executor: the core's single thread. Hosts post work and run timers on it; the core never
// blocks and never creates threads.
#pragma once

#include <cstdint>
#include <functional>

namespace walletd {

using TimerId = std::uint64_t;

class Executor {
 public:
  virtual ~Executor() = default;
  // Runs `work` soon on the core thread (never inside this call).
  virtual void post(std::function<void()> work) = 0;
  // Runs `work` on the core thread after `delay_ms`; the id cancels it.
  virtual TimerId startTimer(std::uint64_t delay_ms, std::function<void()> work) = 0;
  // Cancels a pending timer; unknown or fired ids are ignored.
  virtual void cancelTimer(TimerId id) = 0;
};

}  // namespace walletd

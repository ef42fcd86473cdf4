// Rounds of background work with a cancellable wait between them.
#include "core/async/rounds.h"

#include <memory>

#include "core/async/sleep.h"
#include "core/async/spawn.h"

namespace walletd {
namespace {

struct Rounds {
  Executor& executor;
  std::uint64_t interval_ms;
  CancellationToken stop;
  std::function<Task<bool>()> round;
};

// One round and the wait after it; false once the rounds are over.
Task<bool> roundAndWait(Rounds& r) {
  if (r.stop.isCancelled()) co_return false;
  const bool more = co_await r.round();
  if (!more || r.stop.isCancelled()) co_return false;
  bool stopped = false;
  try {
    co_await sleepFor(r.executor, r.interval_ms, r.stop);
  } catch (const OperationCancelled&) {
    stopped = true;
  }
  co_return !stopped;
}

Task<void> runRounds(std::shared_ptr<Rounds> r) {
  // Not `while (co_await ...)`: GCC 12 miscompiles a co_await in a loop condition (SIGILL).
  bool more = true;
  while (more) more = co_await roundAndWait(*r);
}

}  // namespace

void spawnRounds(Executor& executor, std::uint64_t interval_ms, CancellationToken stop,
                 std::function<Task<bool>()> round) {
  auto rounds =
      std::make_shared<Rounds>(Rounds{executor, interval_ms, std::move(stop), std::move(round)});
  spawn(runRounds(rounds), [](std::exception_ptr) {});
}

}  // namespace walletd

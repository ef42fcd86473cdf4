// Task, spawn, sleep, cancellation, AsyncMutex and allOf on the LoopExecutor.
#include <catch2/catch.hpp>

#include "core/async/all_of.h"
#include "core/async/async_mutex.h"
#include "core/async/sleep.h"
#include "tests/unit/test_support.h"

using namespace walletd;
using namespace walletd::test;

namespace {
Task<int> value(int v) {
  co_return v;
}
Task<int> sum(int n) {
  int total = 0;
  for (int i = 0; i < n; ++i) total += co_await value(1);
  co_return total;
}
Task<int> fails() {
  throw std::runtime_error("boom");
  co_return 0;
}
Task<int> sleepy(Executor& ex, std::uint64_t ms, CancellationToken token = {}) {
  co_await sleepFor(ex, ms, token);
  co_return static_cast<int>(ms);
}
}  // namespace

TEST_CASE("a million synchronously finishing awaits run without growing the stack") {
  ManualClock clock;
  LoopExecutor loop(clock);
  REQUIRE(runTask(loop, clock, sum(1000000)) == 1000000);
}

TEST_CASE("exceptions travel to the awaiter") {
  ManualClock clock;
  LoopExecutor loop(clock);
  REQUIRE_THROWS_WITH(runTask(loop, clock, fails()), "boom");
}

TEST_CASE("sleep resumes after the timer and cancellation wakes it early") {
  ManualClock clock;
  LoopExecutor loop(clock);
  REQUIRE(runTask(loop, clock, sleepy(loop, 250)) == 250);
  REQUIRE(clock.monotonicMillis() == 250);

  CancellationSource source;
  loop.startTimer(10, [&] { source.cancel(); });
  REQUIRE_THROWS_AS(runTask(loop, clock, sleepy(loop, 100000, source.token())), OperationCancelled);
  REQUIRE(clock.monotonicMillis() == 260);
  REQUIRE_FALSE(loop.hasPendingWork());
}

TEST_CASE("AsyncMutex serialises critical sections across suspension points") {
  ManualClock clock;
  LoopExecutor loop(clock);
  AsyncMutex mutex(loop);
  std::vector<std::string> log;
  auto worker = [&](std::string name, std::uint64_t ms) -> Task<void> {
    auto guard = co_await mutex.scoped();
    log.push_back(name + ":in");
    co_await sleepFor(loop, ms);
    log.push_back(name + ":out");
  };
  int finished = 0;
  spawn(worker("a", 50), [&](std::exception_ptr) { ++finished; });
  spawn(worker("b", 10), [&](std::exception_ptr) { ++finished; });
  while (finished < 2) {
    loop.runReady();
    if (auto d = loop.nextTimerDelay()) clock.advance(*d);
  }
  REQUIRE(log == std::vector<std::string>{"a:in", "a:out", "b:in", "b:out"});
}

TEST_CASE("timers fire in deadline order and cancelled timers never fire") {
  ManualClock clock;
  LoopExecutor loop(clock);
  std::vector<int> fired;
  loop.startTimer(30, [&] { fired.push_back(30); });
  TimerId cancelled = loop.startTimer(20, [&] { fired.push_back(20); });
  loop.startTimer(10, [&] { fired.push_back(10); });
  loop.cancelTimer(cancelled);
  clock.advance(100);
  loop.runReady();
  REQUIRE(fired == std::vector<int>{10, 30});
}

TEST_CASE("allOf runs its tasks at once and rethrows a failure only after all ended") {
  ManualClock clock;
  LoopExecutor loop(clock);
  int a = 0, b = 0;
  auto both = [&]() -> Task<int> {
    std::vector<Task<void>> tasks;
    tasks.push_back(storeInto(a, sleepy(loop, 300)));
    tasks.push_back(storeInto(b, sleepy(loop, 200)));
    co_await allOf(std::move(tasks));
    co_return a + b;
  };
  REQUIRE(runTask(loop, clock, both()) == 500);
  REQUIRE(clock.monotonicMillis() == 300);  // not 500: the sleeps overlapped

  int late = 0;
  auto failing = [&]() -> Task<int> {
    std::vector<Task<void>> tasks;
    tasks.push_back(storeInto(a, fails()));
    tasks.push_back(storeInto(late, sleepy(loop, 100)));
    co_await allOf(std::move(tasks));
    co_return 0;
  };
  REQUIRE_THROWS_WITH(runTask(loop, clock, failing()), "boom");
  REQUIRE(late == 100);  // the sleeping task finished before the failure was rethrown
  REQUIRE_FALSE(loop.hasPendingWork());
}

// ThreadComputePool: every part runs exactly once, on more than one thread when there are
// several, jobs follow each other, and a part's exception reaches the caller after the rest ran.
#include <catch2/catch.hpp>

#include <atomic>
#include <chrono>
#include <set>
#include <stdexcept>

#include "host-native/thread_compute_pool.h"

using namespace walletd;

TEST_CASE("ThreadComputePool runs each part once and waits for all") {
  ThreadComputePool pool(3);
  CHECK(pool.concurrency() == 3);
  for (int job = 0; job < 50; ++job) {
    std::vector<std::atomic<int>> runs(97);
    std::mutex m;
    std::set<std::thread::id> threads;
    pool.run(runs.size(), [&](std::size_t i) {
      runs[i]++;
      std::lock_guard lock(m);
      threads.insert(std::this_thread::get_id());
    });
    for (const auto& r : runs) REQUIRE(r == 1);
    REQUIRE(!threads.empty());
  }
  // Two parts that each wait (bounded) for the other to start run at once, on two threads.
  std::atomic<int> entered{0};
  std::set<std::thread::id> pair;
  std::mutex m;
  pool.run(2, [&](std::size_t) {
    {
      std::lock_guard lock(m);
      pair.insert(std::this_thread::get_id());
    }
    ++entered;
    for (int i = 0; i < 2000 && entered < 2; ++i)
      std::this_thread::sleep_for(std::chrono::milliseconds(1));
  });
  CHECK(entered == 2);
  CHECK(pair.size() == 2);
}

TEST_CASE("ThreadComputePool rethrows a part's exception after the other parts ran") {
  ThreadComputePool pool(2);
  std::atomic<int> ran{0};
  CHECK_THROWS_AS(pool.run(10,
                           [&](std::size_t i) {
                             ran++;
                             if (i == 3) throw std::runtime_error("part 3");
                           }),
                  std::runtime_error);
  CHECK(ran == 10);
  int after = 0;
  pool.run(1, [&](std::size_t) { after++; });  // the pool still works
  CHECK(after == 1);
  int inline_runs = 0;
  runParts(nullptr, 4, [&](std::size_t) { inline_runs++; });
  CHECK(inline_runs == 4);
}

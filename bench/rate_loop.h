// The measuring loop the benchmarks share: runs `step(n)` in batches of 100 until at
// least `min_seconds` passed; answers the steps per second.
#pragma once

#include <chrono>
#include <cstddef>

namespace walletd::bench {

template <typename Step>
double stepsPerSecond(double min_seconds, Step step) {
  std::size_t n = 0;
  const auto start = std::chrono::steady_clock::now();
  double elapsed = 0;
  do {
    for (int k = 0; k < 100; ++k) step(n++);
    elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  } while (elapsed < min_seconds);
  return static_cast<double>(n) / elapsed;
}

}  // namespace walletd::bench

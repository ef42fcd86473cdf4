// ComputePool: the host's cores for CPU-bound work the core would otherwise do alone on its
// thread (trial decryption of a block range). run() returns when every part has run, so the
// caller keeps the single-threaded model: the parts must only read shared state and write their
// own results. The daemon has one (a thread per core); the browser host has none, and runParts
// then runs the parts in order on the calling thread.
#pragma once

#include <cstddef>
#include <functional>

namespace walletd {

class ComputePool {
 public:
  virtual ~ComputePool() = default;
  // How many parts it can run at once.
  virtual std::size_t concurrency() const = 0;
  // Runs part(0) .. part(parts - 1), some at once, and returns when all have; rethrows the first
  // exception a part threw.
  virtual void run(std::size_t parts, const std::function<void(std::size_t)>& part) = 0;
};

// run() on `pool`, or the parts in order when there is none.
inline void runParts(ComputePool* pool, std::size_t parts,
                     const std::function<void(std::size_t)>& part) {
  if (pool != nullptr && parts > 1) return pool->run(parts, part);
  for (std::size_t i = 0; i < parts; ++i) part(i);
}

}  // namespace walletd

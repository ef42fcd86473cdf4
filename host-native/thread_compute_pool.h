// ThreadComputePool: the daemon's ComputePool, one worker per hardware thread beside the caller,
// which runs parts too. Parts are handed out by an atomic counter; run() waits for all of them.
#pragma once

#include <condition_variable>
#include <exception>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

#include "core/platform/compute_pool.h"

namespace walletd {

class ThreadComputePool : public ComputePool {
 public:
  // `threads` in all, the caller's included; 0 is std::thread::hardware_concurrency().
  explicit ThreadComputePool(std::size_t threads = 0);
  ~ThreadComputePool() override;
  ThreadComputePool(const ThreadComputePool&) = delete;
  ThreadComputePool& operator=(const ThreadComputePool&) = delete;

  std::size_t concurrency() const override { return workers_.size() + 1; }
  void run(std::size_t parts, const std::function<void(std::size_t)>& part) override;

 private:
  // Runs parts of the current job until none is left to take.
  void work();
  void workerLoop();

  std::vector<std::thread> workers_;
  std::mutex mutex_;
  std::condition_variable wake_, done_;
  const std::function<void(std::size_t)>* job_ = nullptr;
  std::size_t parts_ = 0, next_ = 0, finished_ = 0;
  std::uint64_t generation_ = 0;
  std::exception_ptr error_;
  bool stopping_ = false;
  std::mutex run_mutex_;  // one job at a time
};

}  // namespace walletd

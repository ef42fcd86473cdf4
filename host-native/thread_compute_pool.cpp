#include "host-native/thread_compute_pool.h"

#include <algorithm>

namespace walletd {

ThreadComputePool::ThreadComputePool(std::size_t threads) {
  if (threads == 0) threads = std::max(1u, std::thread::hardware_concurrency());
  for (std::size_t i = 1; i < threads; ++i) workers_.emplace_back([this] { workerLoop(); });
}

ThreadComputePool::~ThreadComputePool() {
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  wake_.notify_all();
  for (std::thread& t : workers_) t.join();
}

void ThreadComputePool::work() {
  std::unique_lock lock(mutex_);
  while (job_ != nullptr && next_ < parts_) {
    const std::size_t index = next_++;
    const auto* job = job_;
    lock.unlock();
    std::exception_ptr failure;
    try {
      (*job)(index);
    } catch (...) {
      failure = std::current_exception();
    }
    lock.lock();
    if (failure && !error_) error_ = failure;
    if (++finished_ == parts_) done_.notify_all();
  }
}

void ThreadComputePool::workerLoop() {
  std::uint64_t seen = 0;
  for (;;) {
    {
      std::unique_lock lock(mutex_);
      wake_.wait(lock, [&] { return stopping_ || generation_ != seen; });
      if (stopping_) return;
      seen = generation_;
    }
    work();
  }
}

void ThreadComputePool::run(std::size_t parts, const std::function<void(std::size_t)>& part) {
  if (parts == 0) return;
  std::lock_guard one_job(run_mutex_);
  {
    std::lock_guard lock(mutex_);
    job_ = &part;
    parts_ = parts;
    next_ = finished_ = 0;
    error_ = nullptr;
    ++generation_;
  }
  wake_.notify_all();
  work();
  std::unique_lock lock(mutex_);
  done_.wait(lock, [&] { return finished_ == parts_; });
  job_ = nullptr;
  const std::exception_ptr error = error_;
  error_ = nullptr;
  lock.unlock();
  if (error) std::rethrow_exception(error);
}

}  // namespace walletd

// ReportQueue: what a device link's reader thread and the core share — the device's reports not
// read yet, whether the link ended (and why), and the core coroutine waiting for a report, woken
// on the core's executor. Used by the UDP and USB links.
#pragma once

#include <chrono>
#include <deque>
#include <mutex>
#include <string>
#include <utility>

#include "core/async/coroutine_compat.h"
#include "core/platform/device_links.h"
#include "core/platform/executor.h"

namespace walletd {

class ReportQueue {
 public:
  explicit ReportQueue(Executor& core) : core_(core) {}

  // The reader thread: a report arrived / the link ended.
  void push(ReportBytes report) {
    std::lock_guard<std::mutex> lock(mutex_);
    reports_.push_back(std::move(report));
    wake();
  }
  void end(std::string problem) {
    std::lock_guard<std::mutex> lock(mutex_);
    ended_ = true;
    problem_ = std::move(problem);
    wake();
  }
  // Whether the core waits for a report now (the UDP link pings a silent emulator then).
  bool awaited() {
    std::lock_guard<std::mutex> lock(mutex_);
    return waiter_ != nullptr;
  }
  // The reader thread, on each round: a wait longer than kReadTimeout (KDF's USB read timeout,
  // Bridge's /call timeout: a user who walked away from the device) ends the link.
  static constexpr std::chrono::seconds kReadTimeout{600};
  void endIfWaitedTooLong() {
    std::lock_guard<std::mutex> lock(mutex_);
    if (!waiter_ || std::chrono::steady_clock::now() - waiting_since_ < kReadTimeout) return;
    ended_ = true;
    problem_ = "the Trezor gave no answer within 600 s";
    wake();
  }

  // The core: co_await queue.next() answers the next report, or throws DeviceLinkError once the
  // link ended and every report was read.
  struct Next {
    ReportQueue& q;
    bool await_ready() {
      std::lock_guard<std::mutex> lock(q.mutex_);
      return !q.reports_.empty() || q.ended_;
    }
    bool await_suspend(coro::handle<> h) {
      std::lock_guard<std::mutex> lock(q.mutex_);
      if (!q.reports_.empty() || q.ended_) return false;
      q.waiter_ = h;
      q.waiting_since_ = std::chrono::steady_clock::now();
      return true;
    }
    ReportBytes await_resume() {
      std::lock_guard<std::mutex> lock(q.mutex_);
      if (q.reports_.empty()) throw DeviceLinkError(q.problem_);
      ReportBytes next = std::move(q.reports_.front());
      q.reports_.pop_front();
      return next;
    }
  };
  Next next() { return Next{*this}; }

 private:
  void wake() {  // under mutex_
    if (auto w = std::exchange(waiter_, nullptr)) core_.post([w]() mutable { w.resume(); });
  }

  Executor& core_;
  std::mutex mutex_;
  std::deque<ReportBytes> reports_;
  bool ended_ = false;
  std::string problem_;
  coro::handle<> waiter_ = nullptr;
  std::chrono::steady_clock::time_point waiting_since_;
};

}  // namespace walletd

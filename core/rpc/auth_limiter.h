// AuthLimiter: what wrong passwords cost.
//
// - Remote addresses: like KDF, an address is banned after 10 failures.
// - Everyone (loopback included, never banned, unlike KDF issue #2060): one global budget for
//   wrong answers, across all connections. The first kBurst wrong passwords are answered at
//   once; after that wrong answers go out at most one per kIntervalMs (a GCRA schedule), so
//   guessing in parallel gains nothing over guessing in a row. Answers that wait hold no thread.
// - A right password is checked and served at once, so an honest caller is never delayed...
//   unless more than kMaxHeld wrong answers are waiting (a guesser that does not wait for its
//   answers): then new requests wait before their password is even compared (else the quick
//   answer would reveal the right guess), and beyond kMaxHeld waiting checks they are refused
//   with AuthRateLimited (429).
#pragma once

#include <cstdint>
#include <map>
#include <string>

#include "core/rpc/caller.h"

namespace walletd {

class AuthLimiter {
 public:
  static constexpr unsigned kMaxFailures = 10;  // remote ban; NbAttemptsLeft counts down from it
  static constexpr unsigned kBurst = 10;
  static constexpr std::uint64_t kIntervalMs = 200;  // 5 wrong answers per second in all
  static constexpr std::size_t kMaxHeld = 1024;

  bool isBanned(const Caller& caller) const;
  // Records a failure; returns the attempts left (KDF's NbAttemptsLeft, 9 after the first).
  unsigned recordFailure(const Caller& caller);
  void recordSuccess(const Caller& caller);

  // Schedules one wrong answer at `now_ms`: how long it must wait. Counts it as held until
  // releaseWrongAnswer().
  std::uint64_t scheduleWrongAnswer(std::uint64_t now_ms);
  void releaseWrongAnswer() { --held_; }

  // Whether a password may be compared now; otherwise the request waits (see above).
  bool checksOpen() const { return held_ < kMaxHeld; }
  bool mayWaitForCheck() const { return waiting_checks_ < kMaxHeld; }
  void enterCheckWait() { ++waiting_checks_; }
  void leaveCheckWait() { --waiting_checks_; }

 private:
  std::map<std::string, unsigned> failures_;
  std::uint64_t theoretical_ms_ = 0;  // GCRA: when the budget is next back to full
  std::size_t held_ = 0;
  std::size_t waiting_checks_ = 0;
};

}  // namespace walletd

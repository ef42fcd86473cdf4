// AuthLimiter: counts wrong passwords per client address. Like KDF, a remote address is banned
// after 10 failures. Unlike KDF (issue #2060), a loopback address is never banned: once it has
// failed 10 times, every further wrong password is answered only after a delay, which slows a
// guessing loop while the local app that knows the password keeps working.
#pragma once

#include <cstdint>
#include <map>
#include <string>

#include "core/rpc/caller.h"

namespace walletd {

class AuthLimiter {
 public:
  static constexpr unsigned kMaxFailures = 10;
  static constexpr std::uint64_t kLoopbackPenaltyMs = 1000;

  bool isBanned(const Caller& caller) const;
  // Records a failure; returns the attempts left (KDF's NbAttemptsLeft, 9 after the first).
  unsigned recordFailure(const Caller& caller);
  // How long to hold back the answer to this caller's wrong password.
  std::uint64_t penaltyMs(const Caller& caller) const;
  void recordSuccess(const Caller& caller);

 private:
  std::map<std::string, unsigned> failures_;
};

}  // namespace walletd

// AuthLimiter implementation.
#include "core/rpc/auth_limiter.h"

#include <algorithm>

namespace walletd {

bool AuthLimiter::isBanned(const Caller& caller) const {
  if (caller.is_loopback) return false;
  auto it = failures_.find(caller.address);
  return it != failures_.end() && it->second >= kMaxFailures;
}

unsigned AuthLimiter::recordFailure(const Caller& caller) {
  unsigned& count = failures_[caller.address];
  if (count < kMaxFailures) ++count;
  return kMaxFailures - count;
}

void AuthLimiter::recordSuccess(const Caller& caller) {
  // Only loopback callers are forgiven; a remote address's count stands, as in KDF.
  if (caller.is_loopback) failures_.erase(caller.address);
}

std::uint64_t AuthLimiter::scheduleWrongAnswer(std::uint64_t now_ms) {
  ++held_;
  const std::uint64_t tolerance = kBurst * kIntervalMs;
  theoretical_ms_ = std::max(theoretical_ms_, now_ms) + kIntervalMs;
  return theoretical_ms_ > now_ms + tolerance ? theoretical_ms_ - now_ms - tolerance : 0;
}

}  // namespace walletd

// AuthLimiter implementation.
#include "core/rpc/auth_limiter.h"

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

std::uint64_t AuthLimiter::penaltyMs(const Caller& caller) const {
  auto it = failures_.find(caller.address);
  bool exhausted = it != failures_.end() && it->second >= kMaxFailures;
  return caller.is_loopback && exhausted ? kLoopbackPenaltyMs : 0;
}

void AuthLimiter::recordSuccess(const Caller& caller) {
  // Only loopback callers are forgiven; a remote address's count stands, as in KDF.
  if (caller.is_loopback) failures_.erase(caller.address);
}

}  // namespace walletd

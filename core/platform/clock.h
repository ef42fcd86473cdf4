// Clock: wall time for timestamps and a monotonic time for intervals.
#pragma once

#include <cstdint>

namespace walletd {

class Clock {
 public:
  virtual ~Clock() = default;
  virtual std::uint64_t unixMillis() const = 0;
  virtual std::uint64_t monotonicMillis() const = 0;
};

}  // namespace walletd

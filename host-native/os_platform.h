// The operating system's clock and CSPRNG for the core.
#pragma once

#include <sys/random.h>

#include <chrono>
#include <stdexcept>

#include "core/platform/clock.h"
#include "core/platform/random.h"

namespace walletd {

class OsClock : public Clock {
 public:
  std::uint64_t unixMillis() const override {
    using namespace std::chrono;
    return duration_cast<milliseconds>(system_clock::now().time_since_epoch()).count();
  }
  std::uint64_t monotonicMillis() const override {
    using namespace std::chrono;
    return duration_cast<milliseconds>(steady_clock::now().time_since_epoch()).count();
  }
};

class OsRandom : public Random {
 public:
  std::vector<std::uint8_t> bytes(std::size_t count) override {
    std::vector<std::uint8_t> out(count);
    std::size_t filled = 0;
    while (filled < count) {
      ssize_t n = getrandom(out.data() + filled, count - filled, 0);
      if (n < 0) throw std::runtime_error("getrandom failed");
      filled += static_cast<std::size_t>(n);
    }
    return out;
  }
};

}  // namespace walletd

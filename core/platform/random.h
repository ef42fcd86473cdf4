// Random: bytes from the host's CSPRNG (getrandom natively, crypto.getRandomValues in browsers).
#pragma once

#include <cstdint>
#include <vector>

namespace walletd {

class Random {
 public:
  virtual ~Random() = default;
  virtual std::vector<std::uint8_t> bytes(std::size_t count) = 0;
};

}  // namespace walletd

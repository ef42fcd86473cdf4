// Comparison of secrets (the RPC password) whose time does not depend on where they differ.
#pragma once

#include <string_view>

namespace walletd {

// Runs over the longer input whatever the contents; the result folds in the length difference.
inline bool constantTimeEquals(std::string_view a, std::string_view b) {
  const std::size_t n = a.size() > b.size() ? a.size() : b.size();
  unsigned char diff = a.size() == b.size() ? 0 : 1;
  for (std::size_t i = 0; i < n; ++i) {
    unsigned char x = i < a.size() ? static_cast<unsigned char>(a[i]) : 0;
    unsigned char y = i < b.size() ? static_cast<unsigned char>(b[i]) : 0;
    diff |= static_cast<unsigned char>(x ^ y);
  }
  volatile unsigned char sink = diff;
  return sink == 0;
}

}  // namespace walletd

// Limits on what one HTTP body may hold, checked before a full parse.
#pragma once

#include <cstddef>
#include <string_view>

namespace walletd {

struct RequestLimits {
  static constexpr std::size_t kMaxBodyBytes = 1024 * 1024;
  static constexpr std::size_t kMaxJsonDepth = 64;
  static constexpr std::size_t kMaxBatch = 100;
};

// The deepest nesting of arrays/objects in `text` (strings are skipped); stops counting once
// `limit` is exceeded, so hostile input costs one linear scan.
std::size_t jsonNestingDepth(std::string_view text, std::size_t limit);

}  // namespace walletd

// Byte containers shared by the crypto and encoding code: owned bytes, fixed arrays and views.
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <string_view>
#include <vector>

namespace walletd {

using Bytes = std::vector<std::uint8_t>;
using ByteView = std::span<const std::uint8_t>;
template <std::size_t N>
using ByteArray = std::array<std::uint8_t, N>;

inline ByteView asBytes(std::string_view text) {
  return {reinterpret_cast<const std::uint8_t*>(text.data()), text.size()};
}

inline Bytes concatBytes(std::initializer_list<ByteView> parts) {
  Bytes out;
  for (ByteView part : parts) out.insert(out.end(), part.begin(), part.end());
  return out;
}

}  // namespace walletd

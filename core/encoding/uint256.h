// UInt256: the unsigned 256-bit integers of EVM amounts (wei, token units, gas): decimal text with
// a number of decimals, big-endian bytes, checked arithmetic. Never floating point.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "core/crypto/bytes.h"

namespace walletd {

class UInt256 {
 public:
  UInt256() = default;
  UInt256(std::uint64_t value) : limbs_{value, 0, 0, 0} {}  // NOLINT(implicit): small literals

  // "1.5" with 18 decimals → 1500000000000000000. Extra fractional digits are truncated (KDF's
  // rule); nullopt on a malformed number, a negative one, or overflow.
  static std::optional<UInt256> fromDecimal(std::string_view text, unsigned decimals);
  static std::optional<UInt256> fromBigEndian(ByteView bytes);           // at most 32 bytes
  static std::optional<UInt256> fromHexQuantity(std::string_view text);  // JSON-RPC "0x1a"

  // Canonical decimal text with `decimals` places, trailing zeros and point removed ("1.5", "0").
  std::string toDecimal(unsigned decimals = 0) const;
  std::string toHexQuantity() const;  // "0x1a", "0x0"
  Bytes toMinimalBigEndian() const;   // no leading zeros; zero is empty (RLP's rule)
  ByteArray<32> toBigEndian32() const;

  // The value when it fits in 64 bits.
  std::optional<std::uint64_t> toUint64() const {
    if (limbs_[1] || limbs_[2] || limbs_[3]) return std::nullopt;
    return limbs_[0];
  }
  bool isZero() const {
    return limbs_[0] == 0 && limbs_[1] == 0 && limbs_[2] == 0 && limbs_[3] == 0;
  }
  // Checked operations: nullopt on overflow / underflow.
  std::optional<UInt256> add(const UInt256& other) const;
  std::optional<UInt256> sub(const UInt256& other) const;
  std::optional<UInt256> mul(const UInt256& other) const;
  std::optional<UInt256> mulSmall(std::uint64_t factor) const;
  // Division by a small divisor; returns the quotient and sets `remainder`.
  UInt256 divSmall(std::uint64_t divisor, std::uint64_t& remainder) const;

  friend bool operator==(const UInt256&, const UInt256&) = default;
  friend auto operator<=>(const UInt256& a, const UInt256& b) {
    for (int i = 3; i >= 0; --i) {
      if (a.limbs_[i] != b.limbs_[i]) return a.limbs_[i] <=> b.limbs_[i];
    }
    return std::strong_ordering::equal;
  }

 private:
  std::array<std::uint64_t, 4> limbs_{};  // little-endian limbs
};

}  // namespace walletd

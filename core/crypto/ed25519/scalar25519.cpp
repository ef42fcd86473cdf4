// Scalar reduction by shift-and-subtract, one bit at a time: slower than Barrett reduction but
// short and evidently right, and a signature needs only three reductions. The subtraction is
// chosen with a mask, so the time does not depend on the (secret) values.
#include "core/crypto/ed25519/scalar25519.h"

#include <cstdint>

namespace walletd::ed25519 {
namespace {

// L in 32-bit little-endian limbs.
constexpr std::uint32_t kOrder[8] = {0x5cf5d3ed, 0x5812631a, 0xa2f79cd6, 0x14def9de,
                                     0x00000000, 0x00000000, 0x00000000, 0x10000000};

// `value` (little-endian 32-bit limbs, any count) mod L.
ByteArray<32> reduceLimbs(const std::uint32_t* value, int limbs) {
  std::uint32_t acc[8] = {};
  for (int bit = limbs * 32 - 1; bit >= 0; --bit) {
    // acc = 2·acc + bit: acc < L < 2^253 before, so it stays below 2^254.
    std::uint32_t in = (value[bit / 32] >> (bit % 32)) & 1;
    for (int i = 0; i < 8; ++i) {
      const std::uint32_t out = acc[i] >> 31;
      acc[i] = (acc[i] << 1) | in;
      in = out;
    }
    // acc -= L when acc >= L.
    std::uint32_t diff[8];
    std::uint64_t borrow = 0;
    for (int i = 0; i < 8; ++i) {
      const std::uint64_t d = std::uint64_t{acc[i]} - kOrder[i] - borrow;
      diff[i] = static_cast<std::uint32_t>(d);
      borrow = (d >> 63) & 1;
    }
    const std::uint32_t keep_diff = static_cast<std::uint32_t>(borrow) - 1;  // all ones: acc >= L
    for (int i = 0; i < 8; ++i) acc[i] = diff[i] ^ ((acc[i] ^ diff[i]) & ~keep_diff);
  }
  ByteArray<32> out;
  for (int i = 0; i < 32; ++i) out[i] = static_cast<std::uint8_t>(acc[i / 4] >> (8 * (i % 4)));
  return out;
}

void toLimbs(const std::uint8_t* bytes, int count, std::uint32_t* limbs) {
  for (int i = 0; i < count / 4; ++i) {
    limbs[i] = std::uint32_t{bytes[4 * i]} | std::uint32_t{bytes[4 * i + 1]} << 8 |
               std::uint32_t{bytes[4 * i + 2]} << 16 | std::uint32_t{bytes[4 * i + 3]} << 24;
  }
}

}  // namespace

ByteArray<32> scalarReduce(const ByteArray<64>& wide) {
  std::uint32_t limbs[16];
  toLimbs(wide.data(), 64, limbs);
  return reduceLimbs(limbs, 16);
}

ByteArray<32> scalarMulAdd(const ByteArray<32>& k, const ByteArray<32>& a, const ByteArray<32>& r) {
  std::uint32_t x[8], y[8], z[8];
  toLimbs(k.data(), 32, x);
  toLimbs(a.data(), 32, y);
  toLimbs(r.data(), 32, z);
  // 512-bit k·a + r, schoolbook with 64-bit column sums.
  std::uint32_t wide[17] = {};
  for (int i = 0; i < 8; ++i) wide[i] = z[i];
  for (int i = 0; i < 8; ++i) {
    std::uint64_t carry = 0;
    for (int j = 0; j < 8; ++j) {
      const std::uint64_t t = std::uint64_t{x[i]} * y[j] + wide[i + j] + carry;
      wide[i + j] = static_cast<std::uint32_t>(t);
      carry = t >> 32;
    }
    for (int j = i + 8; j < 17; ++j) {
      const std::uint64_t t = std::uint64_t{wide[j]} + carry;
      wide[j] = static_cast<std::uint32_t>(t);
      carry = t >> 32;
    }
  }
  return reduceLimbs(wide, 17);
}

}  // namespace walletd::ed25519

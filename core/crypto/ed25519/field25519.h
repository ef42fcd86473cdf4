// Arithmetic in GF(2^255 - 19), the field of Curve25519 and Ed25519 (RFC 8032 §5.1). An element is
// five 51-bit limbs (value = Σ v[i]·2^(51·i)); every operation returns limbs carried back to about
// 51 bits, so any result may feed any other operation. Nothing here branches on an element's value.
#pragma once

#include <cstdint>

#include "core/crypto/bytes.h"

namespace walletd::ed25519 {

struct Fe {
  std::uint64_t v[5];
};

constexpr Fe kFeZero{{0, 0, 0, 0, 0}};
constexpr Fe kFeOne{{1, 0, 0, 0, 0}};

Fe feAdd(const Fe& a, const Fe& b);
Fe feSub(const Fe& a, const Fe& b);
Fe feMul(const Fe& a, const Fe& b);
Fe feSquare(const Fe& a);
// a^(p-2) = 1/a (0 for 0). The exponent is public; the time does not depend on a.
Fe feInvert(const Fe& a);
// `mask` all ones picks a, all zeros picks b.
Fe feSelect(const Fe& a, const Fe& b, std::uint64_t mask);
// The canonical 32-byte little-endian encoding (value reduced below p).
ByteArray<32> feToBytes(const Fe& a);
// The element a 32-byte little-endian string encodes, its top bit ignored (RFC 7748 §5: a
// non-canonical value up to 2^255 - 1 is accepted and reduced by the arithmetic).
Fe feFromBytes(const ByteArray<32>& bytes);

}  // namespace walletd::ed25519

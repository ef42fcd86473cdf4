// Square roots in Jubjub's base field by Tonelli–Shanks: q - 1 = 2^32·t with t odd, and 7 is a
// quadratic non-residue (the field's multiplicative generator), so z = 7^t has order 2^32.
#include "core/crypto/sapling/jubjub_fields.h"

#include <array>

namespace walletd::sapling {
namespace {

constexpr int kTwoAdicity = 32;

// t = (q - 1) / 2^32 and (t - 1) / 2, as little-endian limbs.
constexpr Limbs shiftRight(const Limbs& v, int bits) {
  Limbs out{};
  for (int i = 0; i < 4; ++i) {
    out[i] = v[i] >> bits;
    if (i < 3 && bits > 0) out[i] |= v[i + 1] << (64 - bits);
  }
  return out;
}
constexpr Limbs kQMinusOne = {FqParams::kModulus[0] - 1, FqParams::kModulus[1],
                              FqParams::kModulus[2], FqParams::kModulus[3]};
constexpr Limbs kT = shiftRight(kQMinusOne, kTwoAdicity);
constexpr Limbs kTMinusOneHalf = shiftRight(Limbs{kT[0] - 1, kT[1], kT[2], kT[3]}, 1);

// c^(2^i) for i < 32, with c = 7^t: Tonelli–Shanks's z is always one of them (see fqSqrt).
const std::array<Fq, kTwoAdicity>& rootOfUnityPowers() {
  static const std::array<Fq, kTwoAdicity> powers = [] {
    std::array<Fq, kTwoAdicity> out{};
    out[0] = Fq::fromU64(7).pow(kT);
    for (int i = 1; i < kTwoAdicity; ++i) out[i] = out[i - 1].square();
    return out;
  }();
  return powers;
}

}  // namespace

std::optional<Fq> fqSqrt(const Fq& a) {
  if (a.isZero()) return Fq::zero();
  const Fq w = a.pow(kTMinusOneHalf);  // a^((t-1)/2)
  Fq x = a * w;                        // a^((t+1)/2)
  Fq b = x * w;                        // a^t
  // z = c^(2^(32 - v)) throughout, so g = z^(2^(v - k - 1)) = c^(2^(31 - k)) and the next
  // z = g² = c^(2^(32 - k)): table entries, not v - k squarings each round.
  const std::array<Fq, kTwoAdicity>& c = rootOfUnityPowers();
  int v = kTwoAdicity;
  while (!(b == Fq::one())) {
    int k = 0;
    Fq b2k = b;
    while (!(b2k == Fq::one())) {
      b2k = b2k.square();
      if (++k == v) return std::nullopt;  // a is not a square
    }
    b = b * c[kTwoAdicity - k];      // g² (k ≥ 1 here: b is not 1)
    x = x * c[kTwoAdicity - 1 - k];  // g
    v = k;
  }
  return x;
}

}  // namespace walletd::sapling

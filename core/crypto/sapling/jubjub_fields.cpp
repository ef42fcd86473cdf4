// Square roots in Jubjub's base field by Tonelli–Shanks: q - 1 = 2^32·t with t odd, and 7 is a
// quadratic non-residue (the field's multiplicative generator), so z = 7^t has order 2^32.
#include "core/crypto/sapling/jubjub_fields.h"

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

const Fq& rootOfUnity() {
  static const Fq z = Fq::fromU64(7).pow(kT);
  return z;
}

}  // namespace

std::optional<Fq> fqSqrt(const Fq& a) {
  if (a.isZero()) return Fq::zero();
  const Fq w = a.pow(kTMinusOneHalf);  // a^((t-1)/2)
  Fq x = a * w;                        // a^((t+1)/2)
  Fq b = x * w;                        // a^t
  Fq z = rootOfUnity();
  int v = kTwoAdicity;
  while (!(b == Fq::one())) {
    int k = 0;
    Fq b2k = b;
    while (!(b2k == Fq::one())) {
      b2k = b2k.square();
      if (++k == v) return std::nullopt;  // a is not a square
    }
    Fq g = z;
    for (int i = 0; i < v - k - 1; ++i) g = g.square();
    z = g.square();
    b = b * z;
    x = x * g;
    v = k;
  }
  return x;
}

}  // namespace walletd::sapling

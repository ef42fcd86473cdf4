// The ladder of RFC 7748 §5 with Jubjub's a24 = (A - 2)/4 = 10240: one differential addition and
// one doubling per bit (5 products, 4 squarings and a product by a24), conditional swaps by mask.
#include "core/crypto/sapling/jubjub_ladder.h"

namespace walletd::sapling {
namespace {

void conditionalSwap(Fq& a, Fq& b, std::uint64_t mask) {
  const Fq a0 = a;
  a = Fq::select(b, a, mask);
  b = Fq::select(a0, b, mask);
}

constexpr Fq kA24 = Fq::fromU64(10240);

// xDBL from X + Z and X - Z: [2]·(X : Z) is (AA·BB : E·(AA + a24·E)) with AA = (X + Z)²,
// BB = (X - Z)², E = AA - BB.
MontgomeryX doubled(const Fq& sum, const Fq& difference) {
  const Fq aa = sum.square(), bb = difference.square(), e = aa - bb;
  return {aa * bb, e * (aa + kA24 * e)};
}

}  // namespace

MontgomeryX montgomeryDouble(const MontgomeryX& p) {
  return doubled(p.x + p.z, p.x - p.z);
}

MontgomeryX montgomeryLadder(const Fq& x_p, const ByteArray<32>& k, int bits) {
  Fq x2 = Fq::one(), z2 = Fq::zero(), x3 = x_p, z3 = Fq::one();
  std::uint64_t swap = 0;
  for (int i = bits - 1; i >= 0; --i) {
    const std::uint64_t bit = (k[i / 8] >> (i % 8)) & 1;
    swap ^= bit;
    conditionalSwap(x2, x3, 0 - swap);
    conditionalSwap(z2, z3, 0 - swap);
    swap = bit;
    const Fq a = x2 + z2, b = x2 - z2;
    const Fq da = (x3 - z3) * a, cb = (x3 + z3) * b;
    const MontgomeryX twice = doubled(a, b);
    x3 = (da + cb).square();
    z3 = x_p * (da - cb).square();
    x2 = twice.x;
    z2 = twice.z;
  }
  conditionalSwap(x2, x3, 0 - swap);
  conditionalSwap(z2, z3, 0 - swap);
  return {x2, z2};
}

}  // namespace walletd::sapling

// Sapling's field arithmetic (mont256.h): the portable Montgomery product (64-bit words, CIOS),
// the x86-64 MULX/ADX one, the wasm ones (32-bit words: CIOS, and a squaring) and the squarings
// agree on random operands of both fields and on the edges 0 and p - 1; both hosts run this test,
// so each product is also checked where it is the one in use.
#include <catch2/catch.hpp>

#include <random>

#include "core/crypto/sapling/jubjub_fields.h"

using namespace walletd::sapling;

namespace {

// A random element below p (its top limb cleared below p's, then checked).
template <typename F>
Limbs randomBelow(std::mt19937_64& rng) {
  for (;;) {
    Limbs v{rng(), rng(), rng(), rng() % (F::kP[3] + 1)};
    Limbs tmp{};
    if (mont::subLimbs(tmp, v, F::kP) == 1) return v;
  }
}

template <typename F>
void productsAgree() {
  std::mt19937_64 rng(20261127);
  for (int i = 0; i < 20000; ++i) {
    // The edges first: 0, and p - 1 times p - 1.
    const Limbs p_minus_1{F::kP[0] - 1, F::kP[1], F::kP[2], F::kP[3]};
    const Limbs a = i == 0 ? Limbs{} : i == 1 ? p_minus_1 : randomBelow<F>(rng);
    const Limbs b = i == 1 ? p_minus_1 : randomBelow<F>(rng);
    const Limbs expected = mont::mulPortable(a, b, F::kP, F::kInv);
    REQUIRE(mont::mul32(a, b, F::kP, F::kInv) == expected);
    REQUIRE(mont::square32(a, F::kP, F::kInv) == mont::mulPortable(a, a, F::kP, F::kInv));
    REQUIRE(mont::mul(a, b, F::kP, F::kInv) == expected);
    REQUIRE(mont::squarePortable(a, F::kP, F::kInv) == mont::mulPortable(a, a, F::kP, F::kInv));
    REQUIRE(mont::square(a, F::kP, F::kInv) == mont::mulPortable(a, a, F::kP, F::kInv));
#if defined(__x86_64__)
    // The MULX/ADX code is checked wherever the processor has it, whichever mul() picks.
    if (mont::kHasMulxAdx) REQUIRE(mont::mulMulxAdx(a, b, F::kP, F::kInv) == expected);
#endif
  }
}

}  // namespace

TEST_CASE("Sapling fields: the Montgomery products agree (Fq and Fr)") {
  productsAgree<Fq>();
  productsAgree<Fr>();
}

// Jubjub's two fields: Fq, the base field (BLS12-381's scalar field, q ≈ 2^254.9, where point
// coordinates live), and Fr, the scalar field of Jubjub's prime-order subgroup (r ≈ 2^251.9, where
// Sapling's keys, commitment randomness and signature scalars live). Constants per the Zcash
// protocol specification §5.4.9.3.
#pragma once

#include "core/crypto/sapling/mont256.h"

namespace walletd::sapling {

struct FqParams {
  static constexpr Limbs kModulus = {0xffffffff00000001ULL, 0x53bda402fffe5bfeULL,
                                     0x3339d80809a1d805ULL, 0x73eda753299d7d48ULL};
};
struct FrParams {
  static constexpr Limbs kModulus = {0xd0970e5ed6f72cb7ULL, 0xa6682093ccc81082ULL,
                                     0x06673b0101343b00ULL, 0x0e7db4ea6533afa9ULL};
};

using Fq = Mont256<FqParams>;
using Fr = Mont256<FrParams>;

// A square root of a in Fq (Tonelli–Shanks; q - 1 = 2^32·t), nullopt when a is not a square.
// Which of the two roots comes back is unspecified; callers pick the sign they need.
std::optional<Fq> fqSqrt(const Fq& a);

}  // namespace walletd::sapling

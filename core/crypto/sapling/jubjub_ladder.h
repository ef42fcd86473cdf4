// Jubjub's x-only Montgomery ladder. Jubjub is birational to the Montgomery curve
// B·y² = x³ + A·x² + x with A = 40962 (a = -1, d = -10240/10241: A = 2(a + d)/(a - d)), by
// x = (1 + v)/(1 - v) and back v = (x - 1)/(x + 1). A point's v coordinate therefore gives its x
// without a square root, and the ladder gives the v of [k]·P — all trial decryption needs, since
// the shared secret's sign bit can be tried both ways.
#pragma once

#include "core/crypto/sapling/jubjub_fields.h"

namespace walletd::sapling {

// A Montgomery x coordinate in projective form, x = X/Z (Z = 0 for the point at infinity, which
// is Jubjub's identity).
struct MontgomeryX {
  Fq x, z;
};

// [k]·P's projective x for P's affine x (P not of order 1 or 2); k's `bits` low bits are used, in
// the same operations whatever their values (k may be a secret key).
MontgomeryX montgomeryLadder(const Fq& x_p, const ByteArray<32>& k, int bits);

// [2]·P from P's projective x.
MontgomeryX montgomeryDouble(const MontgomeryX& p);

}  // namespace walletd::sapling

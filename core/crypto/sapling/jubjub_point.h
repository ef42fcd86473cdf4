// Points of Jubjub, the twisted Edwards curve -u² + v² = 1 + d·u²·v² over Fq (Zcash protocol
// specification §5.4.9.3), in extended coordinates (U:V:Z:T) with u = U/Z, v = V/Z, u·v = T/Z.
// Addition and doubling are the complete formulas of Hisil–Wong–Carter–Dawson (a = -1, d not a
// square), so there are no special cases. The encoding repr_J is v little-endian with u's low bit
// in bit 255.
#pragma once

#include <optional>

#include "core/crypto/sapling/jubjub_fields.h"

namespace walletd::sapling {

struct JubjubPoint {
  Fq u, v, z, t;

  static JubjubPoint identity();
  // abst_J: nullopt for v ≥ q, a v with no point, or the non-canonical (u = 0, sign 1) (ZIP-216).
  static std::optional<JubjubPoint> decode(const ByteArray<32>& bytes);
  ByteArray<32> encode() const;
  // The affine u coordinate (Sapling's note commitment and Merkle hash extract it).
  Fq affineU() const;

  JubjubPoint operator+(const JubjubPoint& other) const;
  JubjubPoint operator-(const JubjubPoint& other) const;
  JubjubPoint operator-() const;
  JubjubPoint dbl() const;
  // [2]P with T left unset: only another doubling may use the result.
  JubjubPoint dblNoT() const;
  JubjubPoint mulByCofactor() const;  // [8]P
  bool isIdentity() const;
  // [r]P = identity: P is in the prime-order subgroup.
  bool isPrimeOrder() const;
  bool isSmallOrder() const { return mulByCofactor().isIdentity(); }
  bool operator==(const JubjubPoint& other) const;

  // [k]P for a 256-bit little-endian scalar (not reduced: Sapling multiplies by ivk and by 8·esk as
  // integers). The same operations whatever k is: k may be a secret key.
  JubjubPoint mul(const ByteArray<32>& scalar) const;
  JubjubPoint mul(const Fr& scalar) const { return mul(scalar.toBytes()); }
};

// The curve's d = -(10240/10241) mod q.
const Fq& jubjubD();

}  // namespace walletd::sapling

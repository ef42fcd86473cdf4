// Jubjub point arithmetic: extended twisted Edwards coordinates with a = -1 ("add-2008-hwcd-3",
// "dbl-2008-hwcd" of the Explicit-Formulas Database), fixed 4-bit windows for scalar
// multiplication with a table read that touches every entry.
#include "core/crypto/sapling/jubjub_point.h"

#include <array>

namespace walletd::sapling {
namespace {

const Fq& twoD() {
  static const Fq v = jubjubD().dbl();
  return v;
}

JubjubPoint select(const JubjubPoint& a, const JubjubPoint& b, std::uint64_t mask) {
  return {Fq::select(a.u, b.u, mask), Fq::select(a.v, b.v, mask), Fq::select(a.z, b.z, mask),
          Fq::select(a.t, b.t, mask)};
}

// r_J, the prime subgroup's order, as a little-endian scalar.
ByteArray<32> primeOrder() {
  ByteArray<32> out{};
  for (int i = 0; i < 32; ++i)
    out[i] = static_cast<std::uint8_t>(FrParams::kModulus[i / 8] >> (8 * (i % 8)));
  return out;
}

// "dbl-2008-hwcd" with a = -1; T (u·v) is computed only when asked: doubling never reads it.
JubjubPoint doubled(const JubjubPoint& p, bool with_t) {
  const Fq a = p.u.square();
  const Fq b = p.v.square();
  const Fq c = p.z.square().dbl();
  const Fq d = -a;
  const Fq e = (p.u + p.v).square() - a - b;
  const Fq g = d + b;
  const Fq f = g - c;
  const Fq h = d - b;
  return {e * f, g * h, f * g, with_t ? e * h : Fq::zero()};
}

}  // namespace

const Fq& jubjubD() {
  static const Fq d = -(Fq::fromU64(10240) * Fq::fromU64(10241).invert());
  return d;
}

JubjubPoint JubjubPoint::identity() {
  return {Fq::zero(), Fq::one(), Fq::one(), Fq::zero()};
}

std::optional<JubjubPoint> JubjubPoint::decode(const ByteArray<32>& bytes) {
  ByteArray<32> v_bytes = bytes;
  const bool sign = (v_bytes[31] & 0x80) != 0;
  v_bytes[31] &= 0x7f;
  const std::optional<Fq> v = Fq::fromBytes(v_bytes);
  if (!v) return std::nullopt;
  const Fq v2 = v->square();
  // u² = (v² - 1) / (d·v² + 1); the denominator is never 0 since d is not a square.
  const Fq u2 = (v2 - Fq::one()) * (jubjubD() * v2 + Fq::one()).invert();
  std::optional<Fq> u = fqSqrt(u2);
  if (!u) return std::nullopt;
  if (u->isZero() && sign) return std::nullopt;
  if (u->isOdd() != sign) u = -*u;
  return JubjubPoint{*u, *v, Fq::one(), *u * *v};
}

ByteArray<32> JubjubPoint::encode() const {
  const Fq zinv = z.invert();
  const Fq au = u * zinv;
  ByteArray<32> out = (v * zinv).toBytes();
  if (au.isOdd()) out[31] |= 0x80;
  return out;
}

Fq JubjubPoint::affineU() const {
  return u * z.invert();
}

JubjubPoint JubjubPoint::operator+(const JubjubPoint& q) const {
  const Fq a = (v - u) * (q.v - q.u);
  const Fq b = (v + u) * (q.v + q.u);
  const Fq c = t * twoD() * q.t;
  const Fq d = (z * q.z).dbl();
  const Fq e = b - a;
  const Fq f = d - c;
  const Fq g = d + c;
  const Fq h = b + a;
  return {e * f, g * h, f * g, e * h};
}

JubjubPoint JubjubPoint::operator-() const {
  return {-u, v, z, -t};
}

JubjubPoint JubjubPoint::operator-(const JubjubPoint& q) const {
  return *this + (-q);
}

JubjubPoint JubjubPoint::dbl() const {
  return doubled(*this, true);
}

JubjubPoint JubjubPoint::mulByCofactor() const {
  return dbl().dbl().dbl();
}

JubjubPoint JubjubPoint::dblNoT() const {
  return doubled(*this, false);
}

bool JubjubPoint::isIdentity() const {
  return u.isZero() && v == z;
}

bool JubjubPoint::operator==(const JubjubPoint& q) const {
  return u * q.z == q.u * z && v * q.z == q.v * z;
}

bool JubjubPoint::isPrimeOrder() const {
  static const ByteArray<32> r = primeOrder();
  return mul(r).isIdentity();
}

JubjubPoint JubjubPoint::mul(const ByteArray<32>& scalar) const {
  std::array<JubjubPoint, 16> table;
  table[0] = identity();
  for (std::size_t i = 1; i < table.size(); ++i) table[i] = table[i - 1] + *this;
  JubjubPoint acc = identity();
  for (int window = 63; window >= 0; --window) {
    acc = acc.dblNoT().dblNoT().dblNoT().dbl();
    const unsigned nibble = (scalar[window / 2] >> (4 * (window % 2))) & 0xf;
    JubjubPoint chosen = table[0];
    for (unsigned i = 1; i < table.size(); ++i) {
      const std::uint64_t mask = 0 - static_cast<std::uint64_t>(i == nibble);
      chosen = select(table[i], chosen, mask);
    }
    acc = acc + chosen;
  }
  return acc;
}

}  // namespace walletd::sapling

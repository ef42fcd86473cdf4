// Edwards point arithmetic for Ed25519.
#include "core/crypto/ed25519/edwards_point.h"

namespace walletd::ed25519 {
namespace {

// 2·d, d = -121665/121666 (mod p).
constexpr Fe kD2{{0x69b9426b2f159ULL, 0x35050762add7aULL, 0x3cf44c0038052ULL, 0x6738cc7407977ULL,
                  0x2406d9dc56dffULL}};
// The base point B (y = 4/5, x even) with T = x·y.
constexpr Point kBase{{{0x62d608f25d51aULL, 0x412a4b4f6592aULL, 0x75b7171a4b31dULL,
                        0x1ff60527118feULL, 0x216936d3cd6e5ULL}},
                      {{0x6666666666658ULL, 0x4ccccccccccccULL, 0x1999999999999ULL,
                        0x3333333333333ULL, 0x6666666666666ULL}},
                      kFeOne,
                      {{0x68ab3a5b7dda3ULL, 0xeea2a5eadbbULL, 0x2af8df483c27eULL,
                        0x332b375274732ULL, 0x67875f0fd78b7ULL}}};

Point select(const Point& a, const Point& b, std::uint64_t mask) {
  return {feSelect(a.x, b.x, mask), feSelect(a.y, b.y, mask), feSelect(a.z, b.z, mask),
          feSelect(a.t, b.t, mask)};
}

}  // namespace

Point pointIdentity() {
  return {kFeZero, kFeOne, kFeOne, kFeZero};
}

Point pointAdd(const Point& p, const Point& q) {
  const Fe a = feMul(feSub(p.y, p.x), feSub(q.y, q.x));
  const Fe b = feMul(feAdd(p.y, p.x), feAdd(q.y, q.x));
  const Fe c = feMul(feMul(p.t, kD2), q.t);
  const Fe zz = feMul(p.z, q.z);
  const Fe d = feAdd(zz, zz);
  const Fe e = feSub(b, a), f = feSub(d, c), g = feAdd(d, c), h = feAdd(b, a);
  return {feMul(e, f), feMul(g, h), feMul(f, g), feMul(e, h)};
}

Point pointDouble(const Point& p) {
  const Fe a = feSquare(p.x);
  const Fe b = feSquare(p.y);
  const Fe zz = feSquare(p.z);
  const Fe c = feAdd(zz, zz);
  const Fe h = feAdd(a, b);
  const Fe e = feSub(h, feSquare(feAdd(p.x, p.y)));
  const Fe g = feSub(a, b);
  const Fe f = feAdd(c, g);
  return {feMul(e, f), feMul(g, h), feMul(f, g), feMul(e, h)};
}

Point scalarMultBase(const ByteArray<32>& scalar) {
  // Double, then add B or the identity: one doubling and one addition per bit, always.
  Point r = pointIdentity();
  const Point identity = pointIdentity();
  for (int bit = 255; bit >= 0; --bit) {
    r = pointDouble(r);
    const std::uint64_t set = (scalar[bit / 8] >> (bit % 8)) & 1;
    r = pointAdd(r, select(kBase, identity, 0 - set));
  }
  return r;
}

ByteArray<32> encodePoint(const Point& p) {
  const Fe zi = feInvert(p.z);
  ByteArray<32> out = feToBytes(feMul(p.y, zi));
  const ByteArray<32> x = feToBytes(feMul(p.x, zi));
  out[31] |= static_cast<std::uint8_t>((x[0] & 1) << 7);
  return out;
}

}  // namespace walletd::ed25519

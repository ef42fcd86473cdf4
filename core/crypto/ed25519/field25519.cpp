// GF(2^255 - 19) with 64-bit limbs and 128-bit products (emulated on wasm32, which is fast enough
// for the few signatures walletd makes with Ed25519).
#include "core/crypto/ed25519/field25519.h"

namespace walletd::ed25519 {
namespace {

__extension__ typedef unsigned __int128 U128;
constexpr std::uint64_t kMask = (std::uint64_t{1} << 51) - 1;

// Limbs back to 51 bits, the carry out of the top limb folded in as ×19 (2^255 ≡ 19).
void carry(std::uint64_t r[5]) {
  std::uint64_t c;
  c = r[0] >> 51, r[0] &= kMask, r[1] += c;
  c = r[1] >> 51, r[1] &= kMask, r[2] += c;
  c = r[2] >> 51, r[2] &= kMask, r[3] += c;
  c = r[3] >> 51, r[3] &= kMask, r[4] += c;
  c = r[4] >> 51, r[4] &= kMask, r[0] += 19 * c;
}

}  // namespace

Fe feAdd(const Fe& a, const Fe& b) {
  Fe r;
  for (int i = 0; i < 5; ++i) r.v[i] = a.v[i] + b.v[i];
  carry(r.v);
  return r;
}

Fe feSub(const Fe& a, const Fe& b) {
  // a + 2p - b: 2p's limbs exceed any carried limb of b, so no limb goes negative.
  Fe r;
  r.v[0] = a.v[0] + 0xFFFFFFFFFFFDAULL - b.v[0];
  for (int i = 1; i < 5; ++i) r.v[i] = a.v[i] + 0xFFFFFFFFFFFFEULL - b.v[i];
  carry(r.v);
  return r;
}

Fe feMul(const Fe& a, const Fe& b) {
  const std::uint64_t *x = a.v, *y = b.v;
  const std::uint64_t y1 = 19 * y[1], y2 = 19 * y[2], y3 = 19 * y[3], y4 = 19 * y[4];
  U128 r0 =
      (U128)x[0] * y[0] + (U128)x[1] * y4 + (U128)x[2] * y3 + (U128)x[3] * y2 + (U128)x[4] * y1;
  U128 r1 =
      (U128)x[0] * y[1] + (U128)x[1] * y[0] + (U128)x[2] * y4 + (U128)x[3] * y3 + (U128)x[4] * y2;
  U128 r2 =
      (U128)x[0] * y[2] + (U128)x[1] * y[1] + (U128)x[2] * y[0] + (U128)x[3] * y4 + (U128)x[4] * y3;
  U128 r3 = (U128)x[0] * y[3] + (U128)x[1] * y[2] + (U128)x[2] * y[1] + (U128)x[3] * y[0] +
            (U128)x[4] * y4;
  U128 r4 = (U128)x[0] * y[4] + (U128)x[1] * y[3] + (U128)x[2] * y[2] + (U128)x[3] * y[1] +
            (U128)x[4] * y[0];
  r1 += r0 >> 51, r0 &= kMask;
  r2 += r1 >> 51, r1 &= kMask;
  r3 += r2 >> 51, r2 &= kMask;
  r4 += r3 >> 51, r3 &= kMask;
  r0 += (r4 >> 51) * 19, r4 &= kMask;
  r1 += r0 >> 51, r0 &= kMask;
  Fe out{{static_cast<std::uint64_t>(r0), static_cast<std::uint64_t>(r1),
          static_cast<std::uint64_t>(r2), static_cast<std::uint64_t>(r3),
          static_cast<std::uint64_t>(r4)}};
  carry(out.v);
  return out;
}

Fe feSquare(const Fe& a) {
  return feMul(a, a);
}

Fe feInvert(const Fe& a) {
  // p - 2 = 2^255 - 21: bits 254..5 set, then 01011.
  Fe result = kFeOne;
  for (int bit = 254; bit >= 0; --bit) {
    result = feSquare(result);
    const bool set = bit >= 5 || bit == 3 || bit == 1 || bit == 0;
    if (set) result = feMul(result, a);
  }
  return result;
}

Fe feSelect(const Fe& a, const Fe& b, std::uint64_t mask) {
  Fe r;
  for (int i = 0; i < 5; ++i) r.v[i] = b.v[i] ^ (mask & (a.v[i] ^ b.v[i]));
  return r;
}

ByteArray<32> feToBytes(const Fe& a) {
  std::uint64_t t[5] = {a.v[0], a.v[1], a.v[2], a.v[3], a.v[4]};
  carry(t);
  carry(t);
  // q = 1 exactly when t >= p (then t + 19 reaches 2^255); subtract p as +19 and drop 2^255.
  std::uint64_t q = (t[0] + 19) >> 51;
  q = (t[1] + q) >> 51;
  q = (t[2] + q) >> 51;
  q = (t[3] + q) >> 51;
  q = (t[4] + q) >> 51;
  t[0] += 19 * q;
  t[1] += t[0] >> 51, t[0] &= kMask;
  t[2] += t[1] >> 51, t[1] &= kMask;
  t[3] += t[2] >> 51, t[2] &= kMask;
  t[4] += t[3] >> 51, t[3] &= kMask;
  t[4] &= kMask;
  const std::uint64_t words[4] = {t[0] | (t[1] << 51), (t[1] >> 13) | (t[2] << 38),
                                  (t[2] >> 26) | (t[3] << 25), (t[3] >> 39) | (t[4] << 12)};
  ByteArray<32> out;
  for (int w = 0; w < 4; ++w) {
    for (int i = 0; i < 8; ++i) out[8 * w + i] = static_cast<std::uint8_t>(words[w] >> (8 * i));
  }
  return out;
}

Fe feFromBytes(const ByteArray<32>& bytes) {
  std::uint64_t words[4];
  for (int w = 0; w < 4; ++w) {
    words[w] = 0;
    for (int i = 0; i < 8; ++i) words[w] |= std::uint64_t{bytes[8 * w + i]} << (8 * i);
  }
  words[3] &= (std::uint64_t{1} << 63) - 1;
  return Fe{{words[0] & kMask, ((words[0] >> 51) | (words[1] << 13)) & kMask,
             ((words[1] >> 38) | (words[2] << 26)) & kMask,
             ((words[2] >> 25) | (words[3] << 39)) & kMask, words[3] >> 12}};
}

}  // namespace walletd::ed25519

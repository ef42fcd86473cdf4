// X25519's Montgomery ladder (RFC 7748 §5).
#include "core/crypto/x25519.h"

#include "core/crypto/ed25519/field25519.h"

namespace walletd {
namespace {

using ed25519::Fe;

// Swaps a and b when `mask` is all ones, without a branch.
void conditionalSwap(Fe& a, Fe& b, std::uint64_t mask) {
  const Fe new_a = ed25519::feSelect(b, a, mask);
  b = ed25519::feSelect(a, b, mask);
  a = new_a;
}

ByteArray<32> clamp(const SecretArray<32>& scalar) {
  ByteArray<32> k;
  for (std::size_t i = 0; i < 32; ++i) k[i] = scalar.data()[i];
  k[0] &= 248;
  k[31] &= 127;
  k[31] |= 64;
  return k;
}

}  // namespace

std::optional<ByteArray<32>> x25519(const SecretArray<32>& scalar, const ByteArray<32>& u) {
  using namespace ed25519;
  ByteArray<32> k = clamp(scalar);
  const Fe x1 = feFromBytes(u);
  const Fe a24{{121665, 0, 0, 0, 0}};
  Fe x2 = kFeOne, z2 = kFeZero, x3 = x1, z3 = kFeOne;
  std::uint64_t swap = 0;
  for (int t = 254; t >= 0; --t) {
    const std::uint64_t bit = (k[t / 8] >> (t % 8)) & 1;
    swap ^= bit;
    conditionalSwap(x2, x3, 0 - swap);
    conditionalSwap(z2, z3, 0 - swap);
    swap = bit;
    const Fe a = feAdd(x2, z2), aa = feSquare(a), b = feSub(x2, z2), bb = feSquare(b);
    const Fe e = feSub(aa, bb), c = feAdd(x3, z3), d = feSub(x3, z3);
    const Fe da = feMul(d, a), cb = feMul(c, b);
    x3 = feSquare(feAdd(da, cb));
    z3 = feMul(x1, feSquare(feSub(da, cb)));
    x2 = feMul(aa, bb);
    z2 = feMul(e, feAdd(aa, feMul(a24, e)));
  }
  conditionalSwap(x2, x3, 0 - swap);
  conditionalSwap(z2, z3, 0 - swap);
  wipe(k);
  ByteArray<32> out = feToBytes(feMul(x2, feInvert(z2)));
  std::uint8_t any = 0;
  for (std::uint8_t byte : out) any |= byte;
  if (any == 0) return std::nullopt;
  return out;
}

ByteArray<32> x25519PublicKey(const SecretArray<32>& secret) {
  ByteArray<32> nine{};
  nine[0] = 9;
  return x25519(secret, nine).value();
}

}  // namespace walletd

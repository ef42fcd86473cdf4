// RedJubjub signing and verification.
#include "core/crypto/sapling/redjubjub.h"

#include "core/crypto/blake2b.h"
#include "core/crypto/secret.h"

namespace walletd::sapling {
namespace {

Fr hStar(ByteView a, ByteView b) {
  Bytes input = concatBytes({a, b});
  Bytes digest = blake2b(input, {.digest_size = 64, .personal = asBytes("Zcash_RedJubjubH")});
  const Fr out = Fr::fromWide(digest);
  wipe(input);
  wipe(digest);
  return out;
}

}  // namespace

ByteArray<64> redJubjubSign(const Fr& sk, const JubjubPoint& base, ByteView message,
                            const ByteArray<80>& randomness) {
  Fr r = hStar(randomness, message);
  const ByteArray<32> r_bytes = base.mul(r).encode();
  const Fr s = r + hStar(r_bytes, message) * sk;
  wipe(&r, sizeof r);
  ByteArray<64> out{};
  std::copy(r_bytes.begin(), r_bytes.end(), out.begin());
  const ByteArray<32> s_bytes = s.toBytes();
  std::copy(s_bytes.begin(), s_bytes.end(), out.begin() + 32);
  return out;
}

bool redJubjubVerify(const JubjubPoint& vk, const JubjubPoint& base, ByteView message,
                     const ByteArray<64>& signature) {
  ByteArray<32> r_bytes{}, s_bytes{};
  std::copy(signature.begin(), signature.begin() + 32, r_bytes.begin());
  std::copy(signature.begin() + 32, signature.end(), s_bytes.begin());
  const std::optional<JubjubPoint> r = JubjubPoint::decode(r_bytes);
  const std::optional<Fr> s = Fr::fromBytes(s_bytes);
  if (!r || !s) return false;
  const Fr c = hStar(r_bytes, message);
  return (base.mul(*s) - *r - vk.mul(c)).mulByCofactor().isIdentity();
}

}  // namespace walletd::sapling

// Ed25519 key generation and signing, RFC 8032 §5.1.5 and §5.1.6.
#include "core/crypto/ed25519/ed25519_key.h"

#include <algorithm>

#include "core/crypto/ed25519/edwards_point.h"
#include "core/crypto/ed25519/scalar25519.h"
#include "core/crypto/hashes.h"
#include "core/crypto/secret.h"

namespace walletd {

using namespace ed25519;

Ed25519Key Ed25519Key::fromSeed(const ByteArray<32>& seed) {
  ByteArray<64> h = sha512(seed);
  Ed25519Key key;
  std::copy(h.begin(), h.begin() + 32, key.scalar_.begin());
  std::copy(h.begin() + 32, h.end(), key.prefix_.begin());
  wipe(h);
  key.scalar_[0] &= 248;
  key.scalar_[31] &= 127;
  key.scalar_[31] |= 64;
  key.public_key_ = encodePoint(scalarMultBase(key.scalar_));
  return key;
}

ByteArray<64> Ed25519Key::sign(ByteView message) const {
  Bytes nonce_input = concatBytes({prefix_, message});
  ByteArray<64> nonce_hash = sha512(nonce_input);
  wipe(nonce_input);
  ByteArray<32> r = scalarReduce(nonce_hash);
  wipe(nonce_hash);
  const ByteArray<32> big_r = encodePoint(scalarMultBase(r));
  const ByteArray<32> k = scalarReduce(sha512(concatBytes({big_r, public_key_, message})));
  const ByteArray<32> s = scalarMulAdd(k, scalar_, r);
  wipe(r);
  ByteArray<64> signature;
  std::copy(big_r.begin(), big_r.end(), signature.begin());
  std::copy(s.begin(), s.end(), signature.begin() + 32);
  return signature;
}

Ed25519Key::~Ed25519Key() {
  wipe(scalar_);
  wipe(prefix_);
}

}  // namespace walletd

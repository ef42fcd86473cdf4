// Ed25519Key: an Ed25519 signing key (RFC 8032 §5.1.5–5.1.6) made from its 32-byte seed. walletd
// signs with it as KDF's P2P identity (the proxy's X-Auth-Payload); none of the card's libraries
// offers Ed25519, so it is written here from the RFC and checked against the RFC's vectors and
// against OpenSSL (node:crypto) in the tests. The expanded secret is wiped on destruction.
#pragma once

#include "core/crypto/bytes.h"

namespace walletd {

class Ed25519Key {
 public:
  static Ed25519Key fromSeed(const ByteArray<32>& seed);

  const ByteArray<32>& publicKey() const { return public_key_; }
  // The 64-byte signature R ‖ S (deterministic: same key and message, same signature).
  ByteArray<64> sign(ByteView message) const;

  Ed25519Key(const Ed25519Key&) = default;
  Ed25519Key& operator=(const Ed25519Key&) = default;
  ~Ed25519Key();

 private:
  Ed25519Key() = default;

  ByteArray<32> scalar_{};  // the clamped first half of SHA-512(seed)
  ByteArray<32> prefix_{};  // its second half, hashed into each nonce
  ByteArray<32> public_key_{};
};

}  // namespace walletd

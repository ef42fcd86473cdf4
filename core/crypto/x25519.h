// X25519 (RFC 7748 §5): Diffie-Hellman on Curve25519, the key agreement of WalletConnect's
// sessions. A Montgomery ladder on the Ed25519 field arithmetic (core/crypto/ed25519/field25519),
// constant time; checked against RFC 7748's vectors and against OpenSSL (node:crypto) in the tests.
#pragma once

#include <optional>

#include "core/crypto/bytes.h"
#include "core/crypto/secret.h"

namespace walletd {

// scalar × u (the scalar clamped as §5 says). nullopt when the result is all zeros (a
// small-order peer key: §6.1's check).
std::optional<ByteArray<32>> x25519(const SecretArray<32>& scalar, const ByteArray<32>& u);
// The public key of a secret: scalar × 9.
ByteArray<32> x25519PublicKey(const SecretArray<32>& secret);

}  // namespace walletd

// WalletConnect v2's cryptography (its "crypto envelopes" spec): a session's symmetric key from
// X25519 + HKDF-SHA256, the topic as SHA-256 of that key, and type-0 envelopes —
// base64(0x00 ‖ 12-byte nonce ‖ ChaCha20-Poly1305(key, nonce, JSON)) with no associated data.
#pragma once

#include <optional>
#include <string>

#include "core/crypto/bytes.h"
#include "core/crypto/secret.h"

namespace walletd::wc {

struct SessionKey {
  SecretArray<32> sym_key;
  std::string topic;  // hex(sha256(sym_key))
};

// The key both sides derive: HKDF-SHA256(salt none, ikm X25519(own, peer), info empty). nullopt
// for a small-order peer key.
std::optional<SessionKey> deriveSessionKey(const SecretArray<32>& own_secret,
                                           const ByteArray<32>& peer_public);
// The topic of a symmetric key: hex(sha256(key)).
std::string topicOfKey(const SecretArray<32>& sym_key);

// A type-0 envelope of `plaintext` under `nonce` (12 bytes; random for every message).
std::string sealEnvelope(const SecretArray<32>& sym_key, ByteView nonce,
                         const std::string& plaintext);
// The plaintext of a type-0 envelope; nullopt when it is not base64, not type 0 (type 1 carries
// a sender key walletd never asked for), or does not open under the key.
std::optional<std::string> openEnvelope(const SecretArray<32>& sym_key,
                                        const std::string& envelope);

}  // namespace walletd::wc

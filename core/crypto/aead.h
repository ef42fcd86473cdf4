// Authenticated encryption through Mbed TLS: AES-256-GCM for secrets at rest, ChaCha20-Poly1305
// (RFC 8439) for WalletConnect's envelopes.
#pragma once

#include <optional>

#include "core/crypto/bytes.h"
#include "core/crypto/secret.h"

namespace walletd {

// Returns ciphertext || 16-byte tag. `nonce` must be 12 bytes and never reused with the key.
Bytes aes256GcmSeal(const SecretArray<32>& key, ByteView nonce, ByteView plaintext, ByteView aad);
// nullopt when the tag does not verify (wrong key, or the data or aad changed).
std::optional<Bytes> aes256GcmOpen(const SecretArray<32>& key, ByteView nonce, ByteView sealed,
                                   ByteView aad);

// ChaCha20-Poly1305 with the same shapes: ciphertext || 16-byte tag, a 12-byte nonce.
Bytes chacha20Poly1305Seal(const SecretArray<32>& key, ByteView nonce, ByteView plaintext,
                           ByteView aad);
std::optional<Bytes> chacha20Poly1305Open(const SecretArray<32>& key, ByteView nonce,
                                          ByteView sealed, ByteView aad);

}  // namespace walletd

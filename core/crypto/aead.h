// AES-256-GCM through Mbed TLS: authenticated encryption for secrets at rest.
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

}  // namespace walletd

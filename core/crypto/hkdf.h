// HKDF-SHA256 (RFC 5869) through Mbed TLS: WalletConnect derives a session's symmetric key from
// the X25519 shared secret with it.
#pragma once

#include "core/crypto/bytes.h"
#include "core/crypto/secret.h"

namespace walletd {

// 32 bytes of HKDF-SHA256(salt, ikm, info); an empty salt is HashLen zero bytes (§2.2).
SecretArray<32> hkdfSha256(ByteView salt, ByteView ikm, ByteView info);

}  // namespace walletd

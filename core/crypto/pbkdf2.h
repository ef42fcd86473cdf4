// PBKDF2-HMAC-SHA512 with one output block (64 bytes): BIP39 seeds and the wallet-file key.
#pragma once

#include <cstdint>

#include "core/crypto/bytes.h"

namespace walletd {

// Derives 64 bytes. Throws CryptoError when iterations is 0.
ByteArray<64> pbkdf2HmacSha512(ByteView password, ByteView salt, std::uint32_t iterations);

}  // namespace walletd

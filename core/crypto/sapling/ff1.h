// FF1-AES256 (NIST SP 800-38G) for Sapling diversifiers (ZIP-32 §"Diversifier derivation"): radix
// 2, 88 numerals, empty tweak. The numerals are the bits of an 11-byte string, least significant
// bit of each byte first, in both directions.
#pragma once

#include "core/crypto/bytes.h"

namespace walletd::sapling {

// FF1-AES256.Encrypt(key, "", bits of `plain`).
ByteArray<11> ff1Aes256Encrypt88(const ByteArray<32>& key, const ByteArray<11>& plain);

}  // namespace walletd::sapling

// BLAKE2b (RFC 7693) with the parameter block's key and 16-byte personalisation, as Zcash-format
// sighashes need ("ZcashSigHash" + branch id).
#pragma once

#include <string_view>

#include "core/crypto/bytes.h"

namespace walletd {

struct Blake2bParams {
  std::size_t digest_size = 64;  // 1..64
  ByteView key = {};             // 0..64 bytes
  ByteView personal = {};        // 0 or 16 bytes
};

// Throws CryptoError on a digest size, key or personalisation out of range.
Bytes blake2b(ByteView data, const Blake2bParams& params = {});

}  // namespace walletd

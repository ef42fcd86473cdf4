// Hash functions and HMACs through Mbed TLS: SHA-256/512, RIPEMD-160 and the Bitcoin compositions
// (double SHA-256, HASH160 = RIPEMD-160 of SHA-256).
#pragma once

#include "core/crypto/bytes.h"

namespace walletd {

ByteArray<32> sha256Bytes(ByteView data);
ByteArray<32> sha256d(ByteView data);
ByteArray<64> sha512(ByteView data);
ByteArray<20> ripemd160(ByteView data);
ByteArray<20> hash160(ByteView data);
ByteArray<32> hmacSha256(ByteView key, ByteView data);
ByteArray<64> hmacSha512(ByteView key, ByteView data);

}  // namespace walletd

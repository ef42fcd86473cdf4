// Scalars modulo the Ed25519 group order L = 2^252 + 27742317777372353535851937790883648493,
// little-endian bytes in and out (RFC 8032 §5.1.6 steps 2, 4 and 5).
#pragma once

#include "core/crypto/bytes.h"

namespace walletd::ed25519 {

// A 512-bit little-endian number (a SHA-512 digest) mod L.
ByteArray<32> scalarReduce(const ByteArray<64>& wide);
// (r + k·a) mod L for 256-bit little-endian k, a and r.
ByteArray<32> scalarMulAdd(const ByteArray<32>& k, const ByteArray<32>& a, const ByteArray<32>& r);

}  // namespace walletd::ed25519

// BLAKE2s-256 (RFC 7693) with the parameter block's 8-byte personalisation, as Sapling's CRH^ivk,
// PRF^nf and GroupHash need ("Zcashivk", "Zcash_nf", "Zcash_gd"). No key: Sapling uses none.
#pragma once

#include "core/crypto/bytes.h"

namespace walletd {

// `personal` is empty or 8 bytes (CryptoError otherwise); the digest is 32 bytes.
ByteArray<32> blake2s256(ByteView data, ByteView personal = {});

}  // namespace walletd

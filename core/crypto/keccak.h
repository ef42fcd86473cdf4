// Keccak-256 (the original Keccak padding 0x01 that Ethereum and TRON use, not SHA3-256's 0x06).
#pragma once

#include "core/crypto/bytes.h"

namespace walletd {

ByteArray<32> keccak256(ByteView data);

}  // namespace walletd

// Base58 (Bitcoin alphabet) and base58check (payload + first 4 bytes of double SHA-256).
#pragma once

#include <string>
#include <string_view>

#include "core/crypto/bytes.h"

namespace walletd {

std::string base58Encode(ByteView bytes);
Bytes base58Decode(std::string_view text);  // throws EncodingError
std::string base58CheckEncode(ByteView payload);
// Returns the payload without its checksum; throws EncodingError ("invalid checksum", ...).
Bytes base58CheckDecode(std::string_view text);

}  // namespace walletd

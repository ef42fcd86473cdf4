// Base58 (Bitcoin alphabet) and base58check (payload + first 4 bytes of double SHA-256).
#pragma once

#include <string>
#include <string_view>

#include "core/crypto/bytes.h"

namespace walletd {

std::string base58Encode(ByteView bytes);
Bytes base58Decode(std::string_view text);  // throws EncodingError
// True when every character is in the base58 alphabet (checking first avoids an exception for
// text that is plainly something else).
bool isBase58(std::string_view text);
std::string base58CheckEncode(ByteView payload);
// Returns the payload without its checksum; throws EncodingError ("invalid checksum", ...).
Bytes base58CheckDecode(std::string_view text);

}  // namespace walletd

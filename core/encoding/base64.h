// Standard Base64 (RFC 4648 §4, with '=' padding) through Mbed TLS, and its URL-safe alphabet
// without padding (§5, as JWTs write it).
#pragma once

#include <string>
#include <string_view>

#include "core/crypto/bytes.h"

namespace walletd {

std::string base64Encode(ByteView data);
// Throws EncodingError on text that is not padded standard Base64.
Bytes base64Decode(std::string_view text);

// '-' and '_' for '+' and '/', no '=' padding.
std::string base64UrlEncode(ByteView data);
// Throws EncodingError; padding is accepted but not required.
Bytes base64UrlDecode(std::string_view text);

}  // namespace walletd

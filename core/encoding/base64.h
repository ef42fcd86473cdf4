// Standard Base64 (RFC 4648 §4, with '=' padding) through Mbed TLS.
#pragma once

#include <string>
#include <string_view>

#include "core/crypto/bytes.h"

namespace walletd {

std::string base64Encode(ByteView data);
// Throws EncodingError on text that is not padded standard Base64.
Bytes base64Decode(std::string_view text);

}  // namespace walletd

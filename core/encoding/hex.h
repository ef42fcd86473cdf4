// Lowercase hex encoding and strict decoding (even length, hex digits only, optional "0x").
#pragma once

#include <string>
#include <string_view>

#include "core/crypto/bytes.h"

namespace walletd {

std::string toHex(ByteView bytes);
// Throws EncodingError naming the problem. `allow_0x` accepts a leading "0x"/"0X".
Bytes fromHex(std::string_view text, bool allow_0x = false);
bool isHex(std::string_view text);

}  // namespace walletd

// Lowercase hex encoding and strict decoding (even length, hex digits only, optional "0x").
#pragma once

#include <string>
#include <string_view>

#include "core/crypto/bytes.h"

namespace walletd {

std::string toHex(ByteView bytes);
// The bytes in reverse order, as hex: how Bitcoin-family chains show hashes (txids, block and
// script hashes) whose bytes are kept in internal order.
std::string toReversedHex(ByteView bytes);
// Throws EncodingError naming the problem. `allow_0x` accepts a leading "0x"/"0X".
Bytes fromHex(std::string_view text, bool allow_0x = false);
bool isHex(std::string_view text);

}  // namespace walletd

// Standard Base64 (RFC 4648 §4, with '=' padding) through Mbed TLS.
#pragma once

#include <string>

#include "core/crypto/bytes.h"

namespace walletd {

std::string base64Encode(ByteView data);

}  // namespace walletd

// CashAddr (Bitcoin Cash address format specification): "prefix:payload" with a 40-bit BCH
// checksum; the version byte carries the type (P2PKH 0, P2SH 1) and the hash size.
#pragma once

#include <string>
#include <string_view>

#include "core/crypto/bytes.h"

namespace walletd {

enum class CashAddrType { P2PKH = 0, P2SH = 1 };

struct CashAddr {
  std::string prefix;  // "bitcoincash", "bchtest", "bchreg", ...
  CashAddrType type = CashAddrType::P2PKH;
  Bytes hash;  // 20 bytes for the addresses walletd makes; 24..64 decode too
};

std::string cashAddrEncode(const CashAddr& address);
// Accepts "prefix:payload" or a bare payload (then `default_prefix` is used for the checksum).
// Throws EncodingError on mixed case, bad checksum, unknown type or a size that does not match.
CashAddr cashAddrDecode(std::string_view text, std::string_view default_prefix);

}  // namespace walletd

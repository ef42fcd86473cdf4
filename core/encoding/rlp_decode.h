// RLP decoding (Ethereum Yellow Paper, appendix B): what walletd needs to read back a transaction
// a session wallet signed. Strict: canonical lengths only, nothing left over.
#pragma once

#include <vector>

#include "core/crypto/bytes.h"

namespace walletd {

struct RlpItem {
  bool is_list = false;
  Bytes bytes;                 // a string's bytes
  std::vector<RlpItem> items;  // a list's items
};

// Throws EncodingError on malformed or trailing input.
RlpItem rlpDecode(ByteView data);

}  // namespace walletd

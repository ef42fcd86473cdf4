// RLP (Ethereum Yellow Paper, appendix B): byte strings and lists, as the EVM transaction types
// need them. RlpList collects encoded items; encode() wraps them with the list header.
#pragma once

#include "core/crypto/bytes.h"
#include "core/encoding/uint256.h"

namespace walletd {

Bytes rlpEncodeBytes(ByteView bytes);

class RlpList {
 public:
  RlpList& bytes(ByteView value);
  RlpList& uint(const UInt256& value);  // minimal big-endian; zero is the empty string
  RlpList& encoded(ByteView item);      // an item that is already RLP (a nested list)
  Bytes encode() const;

 private:
  Bytes payload_;
};

}  // namespace walletd

// Bitcoin's wire encoding.
#include "core/encoding/wire.h"

namespace walletd {

void WireWriter::compactSize(std::uint64_t n) {
  if (n < 0xfd) {
    u8(static_cast<std::uint8_t>(n));
  } else if (n <= 0xffff) {
    u8(0xfd);
    little(n, 2);
  } else if (n <= 0xffffffff) {
    u8(0xfe);
    little(n, 4);
  } else {
    u8(0xff);
    little(n, 8);
  }
}

ByteView WireReader::take(std::size_t n) {
  if (n > remaining()) throw WireDecodeError("transaction data ends too early");
  ByteView out = in_.subspan(pos_, n);
  pos_ += n;
  return out;
}

std::uint8_t WireReader::peek() const {
  if (remaining() == 0) throw WireDecodeError("transaction data ends too early");
  return in_[pos_];
}

// Non-canonical lengths (a value that fits a shorter form) are refused, as Bitcoin Core does.
std::uint64_t WireReader::compactSize() {
  const std::uint8_t first = u8();
  std::uint64_t n = first;
  std::uint64_t min = 0;
  if (first == 0xfd) {
    n = little(2), min = 0xfd;
  } else if (first == 0xfe) {
    n = little(4), min = 0x10000;
  } else if (first == 0xff) {
    n = little(8), min = 0x100000000;
  }
  if (n < min) throw WireDecodeError("non-canonical length in transaction data");
  return n;
}

Bytes WireReader::varBytes() {
  const std::uint64_t n = compactSize();
  if (n > remaining()) throw WireDecodeError("transaction data ends too early");
  ByteView b = take(static_cast<std::size_t>(n));
  return Bytes(b.begin(), b.end());
}

}  // namespace walletd

// RLP decoding (rlp_decode.h).
#include "core/encoding/rlp_decode.h"

#include "core/encoding/encoding_error.h"

namespace walletd {
namespace {

constexpr int kMaxDepth = 16;

// The big-endian length in `count` bytes at data[at]; canonical (no leading zero, > 55).
std::size_t longLength(ByteView data, std::size_t at, std::size_t count) {
  if (count > 4 || at + count > data.size()) throw EncodingError("RLP length out of range");
  if (data[at] == 0) throw EncodingError("RLP length with a leading zero");
  std::size_t length = 0;
  for (std::size_t i = 0; i < count; ++i) length = (length << 8) | data[at + i];
  if (length <= 55) throw EncodingError("RLP long form for a short item");
  return length;
}

RlpItem decodeAt(ByteView data, std::size_t& at, int depth) {
  if (depth > kMaxDepth) throw EncodingError("RLP nested too deep");
  if (at >= data.size()) throw EncodingError("RLP ends early");
  const std::uint8_t head = data[at++];
  RlpItem item;
  if (head < 0x80) {
    item.bytes.push_back(head);
    return item;
  }
  std::size_t length = 0;
  const bool list = head >= 0xC0;
  const std::uint8_t base = list ? 0xC0 : 0x80;
  if (head - base <= 55) {
    length = head - base;
  } else {
    const std::size_t count = head - base - 55;
    length = longLength(data, at, count);
    at += count;
  }
  if (length > data.size() - at) throw EncodingError("RLP item longer than its input");
  const std::size_t end = at + length;
  if (!list) {
    if (length == 1 && data[at] < 0x80) throw EncodingError("RLP single byte not canonical");
    item.bytes.assign(data.begin() + static_cast<std::ptrdiff_t>(at),
                      data.begin() + static_cast<std::ptrdiff_t>(end));
    at = end;
    return item;
  }
  item.is_list = true;
  while (at < end) item.items.push_back(decodeAt(ByteView(data.data(), end), at, depth + 1));
  return item;
}

}  // namespace

RlpItem rlpDecode(ByteView data) {
  std::size_t at = 0;
  RlpItem item = decodeAt(data, at, 0);
  if (at != data.size()) throw EncodingError("RLP input has trailing bytes");
  return item;
}

}  // namespace walletd

// RLP encoding.
#include "core/encoding/rlp.h"

namespace walletd {
namespace {

// Header for a payload of `size` bytes: offset + size, or offset + 55 + length-of-length.
void appendHeader(Bytes& out, std::size_t size, std::uint8_t offset) {
  if (size <= 55) {
    out.push_back(static_cast<std::uint8_t>(offset + size));
    return;
  }
  Bytes length;
  for (std::size_t v = size; v > 0; v >>= 8)
    length.insert(length.begin(), static_cast<std::uint8_t>(v & 0xff));
  out.push_back(static_cast<std::uint8_t>(offset + 55 + length.size()));
  out.insert(out.end(), length.begin(), length.end());
}

}  // namespace

Bytes rlpEncodeBytes(ByteView bytes) {
  Bytes out;
  if (bytes.size() == 1 && bytes[0] < 0x80) {
    out.push_back(bytes[0]);
    return out;
  }
  appendHeader(out, bytes.size(), 0x80);
  out.insert(out.end(), bytes.begin(), bytes.end());
  return out;
}

RlpList& RlpList::bytes(ByteView value) {
  const Bytes item = rlpEncodeBytes(value);
  payload_.insert(payload_.end(), item.begin(), item.end());
  return *this;
}

RlpList& RlpList::uint(const UInt256& value) {
  return bytes(value.toMinimalBigEndian());
}

RlpList& RlpList::encoded(ByteView item) {
  payload_.insert(payload_.end(), item.begin(), item.end());
  return *this;
}

Bytes RlpList::encode() const {
  Bytes out;
  appendHeader(out, payload_.size(), 0xc0);
  out.insert(out.end(), payload_.begin(), payload_.end());
  return out;
}

}  // namespace walletd

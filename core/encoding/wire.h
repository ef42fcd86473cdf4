// Bitcoin's wire encoding (its transactions, and Zcash's): little-endian integers and CompactSize
// lengths. WireWriter appends to a byte vector; WireReader reads from a view and throws
// WireDecodeError past the end.
#pragma once

#include <cstdint>
#include <stdexcept>

#include "core/crypto/bytes.h"

namespace walletd {

struct WireDecodeError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

class WireWriter {
 public:
  explicit WireWriter(Bytes& out) : out_(out) {}
  void u8(std::uint8_t v) { out_.push_back(v); }
  void u32(std::uint32_t v) { little(v, 4); }
  void u64(std::uint64_t v) { little(v, 8); }
  void raw(ByteView bytes) { out_.insert(out_.end(), bytes.begin(), bytes.end()); }
  void compactSize(std::uint64_t n);
  void varBytes(ByteView bytes) {
    compactSize(bytes.size());
    raw(bytes);
  }

 private:
  void little(std::uint64_t v, int width) {
    for (int i = 0; i < width; ++i) out_.push_back(static_cast<std::uint8_t>(v >> (8 * i)));
  }
  Bytes& out_;
};

class WireReader {
 public:
  explicit WireReader(ByteView in) : in_(in) {}
  std::uint8_t u8() { return take(1)[0]; }
  std::uint32_t u32() { return static_cast<std::uint32_t>(little(4)); }
  std::uint64_t u64() { return little(8); }
  ByteView raw(std::size_t n) { return take(n); }
  std::uint64_t compactSize();
  Bytes varBytes();
  std::size_t remaining() const { return in_.size() - pos_; }
  std::uint8_t peek() const;

 private:
  ByteView take(std::size_t n);
  std::uint64_t little(int width) {
    ByteView b = take(width);
    std::uint64_t v = 0;
    for (int i = width - 1; i >= 0; --i) v = (v << 8) | b[i];
    return v;
  }
  ByteView in_;
  std::size_t pos_ = 0;
};

}  // namespace walletd

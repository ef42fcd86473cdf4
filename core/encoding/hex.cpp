// Hex encoding.
#include "core/encoding/hex.h"

#include "core/encoding/encoding_error.h"

namespace walletd {
namespace {

int nibble(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

}  // namespace

std::string toHex(ByteView bytes) {
  static constexpr char kDigits[] = "0123456789abcdef";
  std::string out(bytes.size() * 2, '0');
  for (std::size_t i = 0; i < bytes.size(); ++i) {
    out[2 * i] = kDigits[bytes[i] >> 4];
    out[2 * i + 1] = kDigits[bytes[i] & 15];
  }
  return out;
}

std::string toReversedHex(ByteView bytes) {
  Bytes reversed(bytes.rbegin(), bytes.rend());
  return toHex(reversed);
}

Bytes fromHex(std::string_view text, bool allow_0x) {
  if (allow_0x && text.size() >= 2 && text[0] == '0' && (text[1] == 'x' || text[1] == 'X'))
    text.remove_prefix(2);
  if (text.size() % 2 != 0) throw EncodingError("hex string has an odd number of digits");
  Bytes out(text.size() / 2);
  for (std::size_t i = 0; i < out.size(); ++i) {
    const int hi = nibble(text[2 * i]);
    const int lo = nibble(text[2 * i + 1]);
    if (hi < 0 || lo < 0) throw EncodingError("invalid hex digit");
    out[i] = static_cast<std::uint8_t>(hi << 4 | lo);
  }
  return out;
}

bool isHex(std::string_view text) {
  for (char c : text) {
    if (nibble(c) < 0) return false;
  }
  return true;
}

}  // namespace walletd

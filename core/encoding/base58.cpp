// Base58 by repeated division in a byte buffer (inputs here are at most ~100 bytes).
#include "core/encoding/base58.h"

#include <algorithm>

#include "core/crypto/hashes.h"
#include "core/encoding/encoding_error.h"

namespace walletd {
namespace {

constexpr char kAlphabet[] = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz";

int digitValue(char c) {
  const char* found = std::find(kAlphabet, kAlphabet + 58, c);
  return found == kAlphabet + 58 ? -1 : static_cast<int>(found - kAlphabet);
}

}  // namespace

std::string base58Encode(ByteView bytes) {
  std::size_t zeros = 0;
  while (zeros < bytes.size() && bytes[zeros] == 0) ++zeros;
  std::vector<std::uint8_t> digits;  // base58 digits, least significant first
  digits.reserve(bytes.size() * 138 / 100 + 1);
  for (std::size_t i = zeros; i < bytes.size(); ++i) {
    int carry = bytes[i];
    for (auto& digit : digits) {
      carry += digit << 8;
      digit = static_cast<std::uint8_t>(carry % 58);
      carry /= 58;
    }
    while (carry > 0) {
      digits.push_back(static_cast<std::uint8_t>(carry % 58));
      carry /= 58;
    }
  }
  std::string out(zeros, '1');
  for (auto it = digits.rbegin(); it != digits.rend(); ++it) out += kAlphabet[*it];
  return out;
}

bool isBase58(std::string_view text) {
  return std::all_of(text.begin(), text.end(), [](char c) { return digitValue(c) >= 0; });
}

Bytes base58Decode(std::string_view text) {
  std::size_t ones = 0;
  while (ones < text.size() && text[ones] == '1') ++ones;
  Bytes value;  // big number, least significant byte first
  for (std::size_t i = ones; i < text.size(); ++i) {
    int carry = digitValue(text[i]);
    if (carry < 0) throw EncodingError(std::string("invalid base58 character '") + text[i] + "'");
    for (auto& byte : value) {
      carry += byte * 58;
      byte = static_cast<std::uint8_t>(carry & 0xff);
      carry >>= 8;
    }
    while (carry > 0) {
      value.push_back(static_cast<std::uint8_t>(carry & 0xff));
      carry >>= 8;
    }
  }
  Bytes out(ones, 0);
  out.insert(out.end(), value.rbegin(), value.rend());
  return out;
}

std::string base58CheckEncode(ByteView payload) {
  Bytes data(payload.begin(), payload.end());
  const auto checksum = sha256d(payload);
  data.insert(data.end(), checksum.begin(), checksum.begin() + 4);
  return base58Encode(data);
}

Bytes base58CheckDecode(std::string_view text) {
  Bytes data = base58Decode(text);
  if (data.size() < 4) throw EncodingError("base58check string is too short");
  const ByteView payload(data.data(), data.size() - 4);
  const auto checksum = sha256d(payload);
  if (!std::equal(checksum.begin(), checksum.begin() + 4, data.end() - 4)) {
    throw EncodingError("invalid checksum");
  }
  data.resize(data.size() - 4);
  return data;
}

}  // namespace walletd

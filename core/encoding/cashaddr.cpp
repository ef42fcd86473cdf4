// CashAddr encoding per the Bitcoin Cash specification (spec/cashaddr.md of the BCH project).
#include "core/encoding/cashaddr.h"

#include <cctype>

#include "core/encoding/bech32.h"
#include "core/encoding/encoding_error.h"

namespace walletd {
namespace {

constexpr char kCharset[] = "qpzry9x8gf2tvdw0s3jn54khce6mua7l";
constexpr std::size_t kHashSizes[8] = {20, 24, 28, 32, 40, 48, 56, 64};

std::uint64_t polymod(ByteView values) {
  std::uint64_t c = 1;
  for (std::uint8_t d : values) {
    const std::uint8_t c0 = static_cast<std::uint8_t>(c >> 35);
    c = ((c & 0x07ffffffffULL) << 5) ^ d;
    if (c0 & 0x01) c ^= 0x98f2bc8e61ULL;
    if (c0 & 0x02) c ^= 0x79b76d99e2ULL;
    if (c0 & 0x04) c ^= 0xf33e5fb3c4ULL;
    if (c0 & 0x08) c ^= 0xae2eabe2a8ULL;
    if (c0 & 0x10) c ^= 0x1e4f43e470ULL;
  }
  return c ^ 1;
}

Bytes checksumInput(std::string_view prefix, ByteView payload5) {
  Bytes values;
  for (char c : prefix) values.push_back(static_cast<std::uint8_t>(c) & 31);
  values.push_back(0);
  values.insert(values.end(), payload5.begin(), payload5.end());
  return values;
}

int sizeCode(std::size_t size) {
  for (int i = 0; i < 8; ++i) {
    if (kHashSizes[i] == size) return i;
  }
  throw EncodingError("cashaddr hash has an unsupported size");
}

}  // namespace

std::string cashAddrEncode(const CashAddr& address) {
  Bytes versioned{static_cast<std::uint8_t>(static_cast<int>(address.type) << 3 |
                                            sizeCode(address.hash.size()))};
  versioned.insert(versioned.end(), address.hash.begin(), address.hash.end());
  const Bytes payload5 = convertBits(versioned, 8, 5, true);
  Bytes values = checksumInput(address.prefix, payload5);
  values.insert(values.end(), 8, 0);
  const std::uint64_t mod = polymod(values);
  std::string out = address.prefix + ":";
  for (std::uint8_t v : payload5) out += kCharset[v];
  for (int i = 0; i < 8; ++i) out += kCharset[(mod >> (5 * (7 - i))) & 31];
  return out;
}

CashAddr cashAddrDecode(std::string_view text, std::string_view default_prefix) {
  bool lower = false;
  bool upper = false;
  for (char c : text) {
    lower |= (c >= 'a' && c <= 'z');
    upper |= (c >= 'A' && c <= 'Z');
  }
  if (lower && upper) throw EncodingError("cashaddr mixes upper and lower case");
  CashAddr out;
  std::string_view payload_text = text;
  const std::size_t colon = text.find(':');
  if (colon == std::string_view::npos) {
    out.prefix = std::string(default_prefix);
  } else {
    for (char c : text.substr(0, colon))
      out.prefix += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    payload_text = text.substr(colon + 1);
  }
  if (out.prefix.empty()) throw EncodingError("cashaddr prefix is empty");
  if (payload_text.size() < 9) throw EncodingError("cashaddr payload is too short");
  Bytes payload5;
  for (char c : payload_text) {
    const char lc = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    int v = -1;
    for (int i = 0; i < 32; ++i) {
      if (kCharset[i] == lc) v = i;
    }
    if (v < 0) throw EncodingError(std::string("invalid cashaddr character '") + c + "'");
    payload5.push_back(static_cast<std::uint8_t>(v));
  }
  if (polymod(checksumInput(out.prefix, payload5)) != 0)
    throw EncodingError("invalid cashaddr checksum");
  payload5.resize(payload5.size() - 8);
  Bytes versioned = convertBits(payload5, 5, 8, false);
  if (versioned.empty()) throw EncodingError("cashaddr payload is empty");
  const std::uint8_t version = versioned[0];
  if (version & 0x80) throw EncodingError("cashaddr version byte has its reserved bit set");
  const int type = (version >> 3) & 0x0f;
  if (type > 1)
    throw EncodingError("cashaddr type " + std::to_string(type) + " is not P2PKH or P2SH");
  out.type = static_cast<CashAddrType>(type);
  out.hash.assign(versioned.begin() + 1, versioned.end());
  if (out.hash.size() != kHashSizes[version & 0x07])
    throw EncodingError("cashaddr hash size does not match its version byte");
  return out;
}

}  // namespace walletd

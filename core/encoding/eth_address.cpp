// EIP-55: a hex letter is uppercase when the matching nibble of keccak256(lowercase hex) is >= 8.
#include "core/encoding/eth_address.h"

#include <algorithm>

#include "core/crypto/keccak.h"
#include "core/encoding/encoding_error.h"
#include "core/encoding/hex.h"

namespace walletd {

EthAddress ethAddressFromPublicKey(const ByteArray<65>& uncompressed) {
  const auto hash = keccak256(ByteView(uncompressed).subspan(1));
  EthAddress out{};
  std::copy(hash.begin() + 12, hash.end(), out.begin());
  return out;
}

std::string eip55Checksum(const EthAddress& address) {
  std::string hex = toHex(address);
  const auto hash = keccak256(asBytes(hex));
  for (std::size_t i = 0; i < hex.size(); ++i) {
    const int nibble = (i % 2 == 0) ? hash[i / 2] >> 4 : hash[i / 2] & 15;
    if (hex[i] >= 'a' && nibble >= 8) hex[i] = static_cast<char>(hex[i] - 'a' + 'A');
  }
  return "0x" + hex;
}

EthAddress parseEthAddress(std::string_view text, bool require_checksum) {
  if (text.size() < 2 || text[0] != '0' || (text[1] != 'x' && text[1] != 'X')) {
    throw EncodingError("address must start with 0x");
  }
  const std::string_view digits = text.substr(2);
  if (digits.size() != 40)
    throw EncodingError("address must have 40 hex digits, got " + std::to_string(digits.size()));
  if (!isHex(digits)) throw EncodingError("address has a non-hex character");
  EthAddress out{};
  const Bytes bytes = fromHex(digits);
  std::copy(bytes.begin(), bytes.end(), out.begin());
  const bool all_lower =
      std::none_of(digits.begin(), digits.end(), [](char c) { return c >= 'A' && c <= 'F'; });
  const bool all_upper =
      std::none_of(digits.begin(), digits.end(), [](char c) { return c >= 'a' && c <= 'f'; });
  if ((require_checksum || (!all_lower && !all_upper)) && eip55Checksum(out).substr(2) != digits) {
    throw EncodingError("Invalid address checksum");
  }
  return out;
}

}  // namespace walletd

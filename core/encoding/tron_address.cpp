// TRON address forms.
#include "core/encoding/tron_address.h"

#include <algorithm>

#include "core/encoding/base58.h"
#include "core/encoding/encoding_error.h"
#include "core/encoding/hex.h"

namespace walletd {
namespace {

Bytes prefixed(const EthAddress& account) {
  Bytes out(1 + account.size());
  out[0] = kTronAddressPrefix;
  std::copy(account.begin(), account.end(), out.begin() + 1);
  return out;
}

EthAddress accountFrom21Bytes(const Bytes& bytes) {
  if (bytes.size() != 21)
    throw EncodingError("TRON address must be 21 bytes, got " + std::to_string(bytes.size()));
  if (bytes[0] != kTronAddressPrefix) throw EncodingError("TRON address must start with byte 0x41");
  EthAddress out{};
  std::copy(bytes.begin() + 1, bytes.end(), out.begin());
  return out;
}

}  // namespace

std::string tronBase58(const EthAddress& account) {
  return base58CheckEncode(prefixed(account));
}

std::string tronHex(const EthAddress& account) {
  return toHex(prefixed(account));
}

EthAddress parseTronAddress(std::string_view text) {
  if (text.size() == 34 && text[0] == 'T') return accountFrom21Bytes(base58CheckDecode(text));
  std::string_view hex = text;
  if (hex.size() >= 2 && hex[0] == '0' && (hex[1] == 'x' || hex[1] == 'X')) hex.remove_prefix(2);
  if (hex.size() == 42 && isHex(hex)) return accountFrom21Bytes(fromHex(hex));
  throw EncodingError(
      "TRON address must be base58 (T..., 34 characters) or hex (41..., 42 digits)");
}

}  // namespace walletd

// Wallet Import Format: base58check(prefix || key || 0x01 when compressed).
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "core/crypto/secp256k1.h"

namespace walletd {

struct WifKey {
  std::uint8_t prefix = 0x80;
  PrivateKey key{};
  bool compressed = true;
};

std::string encodeWif(const PrivateKey& key, std::uint8_t prefix, bool compressed = true);
// Throws EncodingError (bad base58, checksum, length, compression flag) or CryptoError (range).
WifKey decodeWif(std::string_view text);

}  // namespace walletd

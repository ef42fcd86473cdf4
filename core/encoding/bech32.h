// Bech32 (BIP173) and bech32m (BIP350), and segwit addresses built on them.
#pragma once

#include <string>
#include <string_view>

#include "core/crypto/bytes.h"

namespace walletd {

enum class Bech32Variant { Bech32, Bech32m };

struct Bech32Decoded {
  std::string hrp;  // lowercase
  Bytes data;       // 5-bit groups, checksum removed
  Bech32Variant variant = Bech32Variant::Bech32;
};

std::string bech32Encode(std::string_view hrp, ByteView data5, Bech32Variant variant);
// Throws EncodingError: mixed case, bad character, missing separator, bad checksum, too long.
Bech32Decoded bech32Decode(std::string_view text, std::size_t max_length = 90);

// Regroups bits (8→5 with padding to encode, 5→8 without to decode); throws on invalid padding.
Bytes convertBits(ByteView data, int from_bits, int to_bits, bool pad);

struct SegwitProgram {
  int version = 0;
  Bytes program;
};
std::string segwitEncode(std::string_view hrp, const SegwitProgram& witness);
// Checks the hrp, the version's variant (v0 bech32, v1+ bech32m) and the program length.
SegwitProgram segwitDecode(std::string_view expected_hrp, std::string_view address);

// Plain bech32 of 8-bit data (Cosmos account addresses).
std::string bech32EncodeBytes(std::string_view hrp, ByteView data);
Bytes bech32DecodeBytes(std::string_view expected_hrp, std::string_view text);

}  // namespace walletd

// Bech32/bech32m per BIP173 and BIP350.
#include "core/encoding/bech32.h"

#include <cctype>

#include "core/encoding/encoding_error.h"

namespace walletd {
namespace {

constexpr char kCharset[] = "qpzry9x8gf2tvdw0s3jn54khce6mua7l";
constexpr std::uint32_t kBech32Const = 1;
constexpr std::uint32_t kBech32mConst = 0x2bc830a3;

std::uint32_t polymod(ByteView values, std::uint32_t chk = 1) {
  static constexpr std::uint32_t kGen[5] = {0x3b6a57b2, 0x26508e6d, 0x1ea119fa, 0x3d4233dd,
                                            0x2a1462b3};
  for (std::uint8_t v : values) {
    const std::uint32_t top = chk >> 25;
    chk = (chk & 0x1ffffff) << 5 ^ v;
    for (int i = 0; i < 5; ++i) {
      if ((top >> i) & 1) chk ^= kGen[i];
    }
  }
  return chk;
}

Bytes hrpExpand(std::string_view hrp) {
  Bytes out;
  for (char c : hrp) out.push_back(static_cast<std::uint8_t>(c) >> 5);
  out.push_back(0);
  for (char c : hrp) out.push_back(static_cast<std::uint8_t>(c) & 31);
  return out;
}

std::uint32_t variantConstant(Bech32Variant v) {
  return v == Bech32Variant::Bech32 ? kBech32Const : kBech32mConst;
}

int charsetIndex(char c) {
  for (int i = 0; i < 32; ++i) {
    if (kCharset[i] == c) return i;
  }
  return -1;
}

}  // namespace

std::string bech32Encode(std::string_view hrp, ByteView data5, Bech32Variant variant) {
  Bytes values = hrpExpand(hrp);
  values.insert(values.end(), data5.begin(), data5.end());
  values.insert(values.end(), 6, 0);
  const std::uint32_t mod = polymod(values) ^ variantConstant(variant);
  std::string out(hrp);
  out += '1';
  for (std::uint8_t v : data5) out += kCharset[v];
  for (int i = 0; i < 6; ++i) out += kCharset[(mod >> (5 * (5 - i))) & 31];
  return out;
}

Bech32Decoded bech32Decode(std::string_view text, std::size_t max_length) {
  if (text.size() > max_length) throw EncodingError("bech32 string is too long");
  bool lower = false;
  bool upper = false;
  for (char c : text) {
    if (c < 33 || c > 126) throw EncodingError("bech32 string has an invalid character");
    lower |= (c >= 'a' && c <= 'z');
    upper |= (c >= 'A' && c <= 'Z');
  }
  if (lower && upper) throw EncodingError("bech32 string mixes upper and lower case");
  const std::size_t sep = text.rfind('1');
  if (sep == std::string_view::npos) throw EncodingError("bech32 separator '1' is missing");
  if (sep == 0 || sep > 83) throw EncodingError("bech32 human-readable part has an invalid length");
  if (text.size() - sep - 1 < 6) throw EncodingError("bech32 checksum is too short");
  Bech32Decoded out;
  for (std::size_t i = 0; i < sep; ++i)
    out.hrp += static_cast<char>(std::tolower(static_cast<unsigned char>(text[i])));
  for (std::size_t i = sep + 1; i < text.size(); ++i) {
    const int v =
        charsetIndex(static_cast<char>(std::tolower(static_cast<unsigned char>(text[i]))));
    if (v < 0) throw EncodingError(std::string("invalid bech32 character '") + text[i] + "'");
    out.data.push_back(static_cast<std::uint8_t>(v));
  }
  Bytes values = hrpExpand(out.hrp);
  values.insert(values.end(), out.data.begin(), out.data.end());
  const std::uint32_t mod = polymod(values);
  if (mod == kBech32Const) {
    out.variant = Bech32Variant::Bech32;
  } else if (mod == kBech32mConst) {
    out.variant = Bech32Variant::Bech32m;
  } else {
    throw EncodingError("invalid bech32 checksum");
  }
  out.data.resize(out.data.size() - 6);
  return out;
}

Bytes convertBits(ByteView data, int from_bits, int to_bits, bool pad) {
  std::uint32_t acc = 0;
  int bits = 0;
  const std::uint32_t max_value = (1u << to_bits) - 1;
  Bytes out;
  for (std::uint8_t value : data) {
    if (value >> from_bits) throw EncodingError("value out of range for bit conversion");
    acc = (acc << from_bits) | value;
    bits += from_bits;
    while (bits >= to_bits) {
      bits -= to_bits;
      out.push_back(static_cast<std::uint8_t>((acc >> bits) & max_value));
    }
  }
  if (pad) {
    if (bits > 0) out.push_back(static_cast<std::uint8_t>((acc << (to_bits - bits)) & max_value));
  } else if (bits >= from_bits || ((acc << (to_bits - bits)) & max_value) != 0) {
    throw EncodingError("invalid padding in bech32 data");
  }
  return out;
}

std::string segwitEncode(std::string_view hrp, const SegwitProgram& witness) {
  Bytes data{static_cast<std::uint8_t>(witness.version)};
  const Bytes program5 = convertBits(witness.program, 8, 5, true);
  data.insert(data.end(), program5.begin(), program5.end());
  return bech32Encode(hrp, data,
                      witness.version == 0 ? Bech32Variant::Bech32 : Bech32Variant::Bech32m);
}

SegwitProgram segwitDecode(std::string_view expected_hrp, std::string_view address) {
  const Bech32Decoded decoded = bech32Decode(address);
  if (decoded.hrp != expected_hrp) {
    throw EncodingError("segwit address prefix '" + decoded.hrp + "' does not match '" +
                        std::string(expected_hrp) + "'");
  }
  if (decoded.data.empty()) throw EncodingError("segwit address has no witness version");
  SegwitProgram out;
  out.version = decoded.data[0];
  if (out.version > 16) throw EncodingError("segwit witness version is above 16");
  const Bech32Variant expected = out.version == 0 ? Bech32Variant::Bech32 : Bech32Variant::Bech32m;
  if (decoded.variant != expected) {
    throw EncodingError(out.version == 0 ? "witness version 0 needs a bech32 checksum"
                                         : "witness version 1+ needs a bech32m checksum");
  }
  out.program = convertBits(ByteView(decoded.data).subspan(1), 5, 8, false);
  if (out.program.size() < 2 || out.program.size() > 40)
    throw EncodingError("segwit program has an invalid length");
  if (out.version == 0 && out.program.size() != 20 && out.program.size() != 32) {
    throw EncodingError("witness version 0 program must be 20 or 32 bytes");
  }
  return out;
}

std::string bech32EncodeBytes(std::string_view hrp, ByteView data) {
  return bech32Encode(hrp, convertBits(data, 8, 5, true), Bech32Variant::Bech32);
}

Bytes bech32DecodeBytes(std::string_view expected_hrp, std::string_view text) {
  const Bech32Decoded decoded = bech32Decode(text);
  if (decoded.hrp != expected_hrp) {
    throw EncodingError("address prefix '" + decoded.hrp + "' does not match '" +
                        std::string(expected_hrp) + "'");
  }
  if (decoded.variant != Bech32Variant::Bech32)
    throw EncodingError("address needs a bech32 checksum, not bech32m");
  return convertBits(decoded.data, 5, 8, false);
}

}  // namespace walletd

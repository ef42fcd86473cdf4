// Bech32 encodings of Sapling addresses and extended keys.
#include "core/coins/zhtlc/sapling_encoding.h"

#include "core/encoding/bech32.h"
#include "core/encoding/encoding_error.h"

namespace walletd {
namespace {

constexpr std::size_t kNoLengthLimit = 1024;

[[noreturn]] void returnedNone() {
  throw EncodingError("decode_payment_address returned None");
}

}  // namespace

std::string encodeSaplingAddress(std::string_view hrp, const sapling::PaymentAddress& address) {
  return bech32EncodeBytes(hrp, address.bytes());
}

sapling::PaymentAddress decodeSaplingAddress(std::string_view hrp, std::string_view text) {
  Bech32Decoded decoded;
  try {
    decoded = bech32Decode(text, kNoLengthLimit);
  } catch (const EncodingError& e) {
    throw EncodingError(std::string("Error ") + e.what() + " on decode_payment_address");
  }
  if (decoded.hrp != hrp || decoded.variant != Bech32Variant::Bech32) returnedNone();
  Bytes payload;
  try {
    payload = convertBits(decoded.data, 5, 8, false);
  } catch (const EncodingError&) {
    returnedNone();
  }
  std::optional<sapling::PaymentAddress> address = sapling::PaymentAddress::fromBytes(payload);
  if (!address) returnedNone();
  return *address;
}

}  // namespace walletd

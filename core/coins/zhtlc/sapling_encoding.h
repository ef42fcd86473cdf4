// Sapling's Bech32 texts as KDF writes them (zcash_client_backend's encoding): classic Bech32
// (not Bech32m) without BIP173's 90-character limit — payment addresses (43 bytes), extended
// spending keys and extended full viewing keys (169 bytes each), each under its coin's HRP.
#pragma once

#include <string>
#include <string_view>

#include "core/crypto/sapling/sapling_keys.h"

namespace walletd {

// Extended keys (169 bytes) are written with bech32EncodeBytes, which has no length limit either.
std::string encodeSaplingAddress(std::string_view hrp, const sapling::PaymentAddress& address);

// Throws EncodingError with KDF's reason: "decode_payment_address returned None" for a wrong
// HRP, Bech32m or a payload that is no valid address; "Error <bech32 error> on
// decode_payment_address" when the text is not Bech32 at all.
sapling::PaymentAddress decodeSaplingAddress(std::string_view hrp, std::string_view text);

}  // namespace walletd

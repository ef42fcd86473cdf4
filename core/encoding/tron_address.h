// TRON addresses: 0x41 followed by the 20-byte Ethereum-style account hash, written as base58check
// ("T...") or as 42 hex digits ("41..."; KDF also accepts "0x41...").
#pragma once

#include <string>
#include <string_view>

#include "core/encoding/eth_address.h"

namespace walletd {

constexpr std::uint8_t kTronAddressPrefix = 0x41;

std::string tronBase58(const EthAddress& account);
std::string tronHex(const EthAddress& account);  // "41" + 40 lowercase hex digits
// Accepts the base58 or the hex form; throws EncodingError saying what is wrong.
EthAddress parseTronAddress(std::string_view text);

}  // namespace walletd

// A token's coins-file entry as every family reads it for activation (enable_eth_with_tokens'
// token requests, enable_erc20): it exists (TokenConfigIsNotFound), has the family's token
// protocol, a protocol_data object whose `platform` is the platform being activated and a
// `contract_address` string (UnexpectedTokenProtocol naming what is wrong). The family parses
// the contract address in its own format and applies its own rule for missing decimals.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "core/coins/coins_config.h"

namespace walletd {

struct TokenEntry {
  std::string contract_address;      // as written in the coins file
  std::optional<unsigned> decimals;  // absent, or above 77, is nullopt
  std::uint32_t required_confirmations = 3;
};

// `entry` is null when the coins file has no such ticker.
TokenEntry readTokenEntry(const CoinEntry* entry, std::string_view token_protocol,
                          const std::string& platform, const std::string& ticker,
                          std::optional<std::uint32_t> required_confirmations);

// UnexpectedTokenProtocol {ticker, protocol}, "... for <ticker>: <why>".
[[noreturn]] void throwUnexpectedTokenProtocol(const CoinEntry& entry, const std::string& why);

}  // namespace walletd

// What activating an ERC20 token needs from the coins file — contract, decimals — checked against
// its platform. Shared by enable_eth_with_tokens and enable_erc20, whose errors for a missing or
// foreign token are the same on the wire (TokenConfigIsNotFound, UnexpectedTokenProtocol; 400).
// A missing or mistyped protocol_data, platform or contract_address is UnexpectedTokenProtocol
// naming what is wrong.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "core/coins/coins_config.h"
#include "core/encoding/eth_address.h"

namespace walletd {

struct Erc20TokenPlan {
  std::string ticker;
  EthAddress contract{};
  unsigned decimals = 18;  // the coins file's `decimals`, else 18 as KDF assumes
  std::uint32_t required_confirmations = 3;
};

// `entry` is the token's coins-file entry, or null when the file has none.
Erc20TokenPlan planErc20Token(const CoinEntry* entry, const std::string& platform,
                              const std::string& ticker,
                              std::optional<std::uint32_t> required_confirmations);

}  // namespace walletd

// What activating an ERC20 token needs from the coins file — contract, decimals — checked against
// its platform. Shared by enable_eth_with_tokens and enable_erc20, whose errors for a missing or
// foreign token are the same on the wire (TokenConfigIsNotFound, UnexpectedTokenProtocol; 400).
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "core/coins/coins_config.h"
#include "core/encoding/eth_address.h"

namespace walletd {

class Node;

struct Erc20TokenPlan {
  std::string ticker;
  EthAddress contract{};
  unsigned decimals = 18;  // the coins file's `decimals`, else 18 as KDF assumes
  std::uint32_t required_confirmations = 3;
};

// "ETH", "ERC20", ... or "none".
std::string protocolOf(const CoinEntry& entry);

Erc20TokenPlan planErc20Token(const Node& node, const std::string& platform,
                              const std::string& ticker,
                              std::optional<std::uint32_t> required_confirmations);

}  // namespace walletd

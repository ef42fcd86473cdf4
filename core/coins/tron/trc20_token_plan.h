// A TRC20 token as the coins file describes it: its platform, its contract and its decimals,
// read through CoinEntry's typed accessors; a malformed entry is UnexpectedTokenProtocol.
#pragma once

#include <optional>
#include <string>

#include "core/coins/coins_config.h"
#include "core/encoding/eth_address.h"

namespace walletd {

struct Trc20TokenPlan {
  std::string ticker;
  EthAddress contract{};
  unsigned decimals = 6;
  std::uint32_t required_confirmations = 3;
};

// `entry` null is TokenConfigIsNotFound; a token of another platform is UnexpectedTokenProtocol.
Trc20TokenPlan planTrc20Token(const CoinEntry* entry, const std::string& platform,
                              const std::string& ticker,
                              std::optional<std::uint32_t> required_confirmations);

}  // namespace walletd

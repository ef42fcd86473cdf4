// What a Tendermint coin reads from its coins-file entry (KDF's TendermintProtocolInfo and
// TendermintTokenProtocolInfo): the platform's chain (denom, decimals ≤ 18, bech32 account
// prefix, chain id, default gas price 0.25 when absent, IBC channels per destination prefix,
// avg_blocktime required) and a token's denom, decimals and platform. A malformed entry answers
// KDF's PlatformCoinCreationError / UnexpectedTokenProtocol naming the field.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>

#include "core/coins/coins_config.h"

namespace walletd {

struct TendermintChain {
  static constexpr double kDefaultGasPrice = 0.25;  // KDF's, in base units per gas

  std::string ticker;
  std::string denom;
  unsigned decimals = 6;
  std::string account_prefix;
  std::string chain_id;
  double gas_price = kDefaultGasPrice;
  std::map<std::string, std::uint64_t> ibc_channels;  // destination prefix → channel number
};

struct TendermintTokenConfig {
  std::string ticker;
  std::string platform;
  std::string denom;
  unsigned decimals = 6;
};

// Throws PlatformCoinCreationError.
TendermintChain readTendermintChain(const CoinEntry& entry);
// Throws UnexpectedTokenProtocol (the entry is not a token of this shape).
TendermintTokenConfig readTendermintToken(const CoinEntry& entry);

// KDF's token id: SHA-256 of the lower-cased denom, hex.
std::string tendermintTokenId(const std::string& denom);

}  // namespace walletd

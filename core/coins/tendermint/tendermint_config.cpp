// Reading Tendermint coins-file entries (tendermint_config.h).
#include "core/coins/tendermint/tendermint_config.h"

#include <cctype>

#include "core/coins/platform_activation_errors.h"
#include "core/coins/token_entry.h"
#include "core/crypto/hashes.h"
#include "core/encoding/hex.h"

namespace walletd {
namespace {

constexpr unsigned kMaxDecimals = 18;

[[noreturn]] void invalid(const CoinEntry& entry, const std::string& why) {
  throwPlatformCreationError(entry.ticker, "InvalidProtocolData: " + why);
}

std::string requiredString(const CoinEntry& entry, const char* key) {
  const auto value = entry.protocolString(key);
  if (!value || value->empty()) invalid(entry, std::string("protocol_data.") + key + " is missing");
  return *value;
}

// A Cosmos denom: 3..128 characters, a letter first, then letters, digits and /:._-
bool validDenom(const std::string& denom) {
  if (denom.size() < 3 || denom.size() > 128 || !std::isalpha(static_cast<unsigned char>(denom[0])))
    return false;
  for (const char c : denom) {
    if (!std::isalnum(static_cast<unsigned char>(c)) &&
        std::string("/:._-").find(c) == std::string::npos)
      return false;
  }
  return true;
}

}  // namespace

TendermintChain readTendermintChain(const CoinEntry& entry) {
  TendermintChain chain;
  chain.ticker = entry.ticker;
  chain.denom = requiredString(entry, "denom");
  if (!validDenom(chain.denom)) invalid(entry, "protocol_data.denom is not a Cosmos denom");
  const auto decimals = entry.protocolUnsigned("decimals");
  if (!decimals) invalid(entry, "protocol_data.decimals is missing");
  if (*decimals > kMaxDecimals)
    invalid(entry, "'decimals' value is too high; it must be 18 or lower");
  chain.decimals = static_cast<unsigned>(*decimals);
  chain.account_prefix = requiredString(entry, "account_prefix");
  chain.chain_id = requiredString(entry, "chain_id");
  const Json* data = entry.protocolData();
  if (data->contains("gas_price")) {
    const Json& price = (*data)["gas_price"];
    if (!price.is_number() || price.get<double>() < 0)
      invalid(entry, "protocol_data.gas_price is not a non-negative number");
    chain.gas_price = price.get<double>();
  }
  if (data->contains("ibc_channels")) {
    const Json& channels = (*data)["ibc_channels"];
    if (!channels.is_object()) invalid(entry, "protocol_data.ibc_channels is not an object");
    for (const auto& [prefix, channel] : channels.items()) {
      if (!channel.is_number_unsigned() || channel.get<std::uint64_t>() > 0xffff)
        invalid(entry, "protocol_data.ibc_channels." + prefix + " is not a channel number");
      chain.ibc_channels[prefix] = channel.get<std::uint64_t>();
    }
  }
  const auto blocktime = entry.unsignedInt("avg_blocktime");
  if (!blocktime)
    throwPlatformCreationError(entry.ticker, "avg_blocktime is missing in coin configuration");
  if (*blocktime > 255)
    throwPlatformCreationError(entry.ticker, "avg_blocktime is invalid in coin configuration");
  return chain;
}

TendermintTokenConfig readTendermintToken(const CoinEntry& entry) {
  TendermintTokenConfig token;
  token.ticker = entry.ticker;
  const auto platform = entry.protocolString("platform");
  const auto denom = entry.protocolString("denom");
  const auto decimals = entry.protocolUnsigned("decimals");
  if (!platform) throwUnexpectedTokenProtocol(entry, "protocol_data.platform is missing");
  if (!denom || !validDenom(*denom))
    throwUnexpectedTokenProtocol(entry, "protocol_data.denom is missing or not a Cosmos denom");
  if (!decimals || *decimals > kMaxDecimals)
    throwUnexpectedTokenProtocol(entry, "protocol_data.decimals is missing or above 18");
  token.platform = *platform;
  token.denom = *denom;
  token.decimals = static_cast<unsigned>(*decimals);
  return token;
}

std::string tendermintTokenId(const std::string& denom) {
  std::string lower = denom;
  for (char& c : lower) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return toHex(sha256Bytes({reinterpret_cast<const std::uint8_t*>(lower.data()), lower.size()}));
}

}  // namespace walletd

// ZhtlcProtocol from protocol.protocol_data.{consensus_params, z_derivation_path}.
#include "core/coins/zhtlc/zhtlc_protocol.h"

#include "core/coins/address_codec.h"

namespace walletd {
namespace {

const Json& member(const Json& object, const char* key) {
  static const Json missing;
  return object.is_object() && object.contains(key) ? object[key] : missing;
}

std::string stringField(const CoinEntry& coin, const Json& params, const char* key) {
  const Json& value = member(params, key);
  if (!value.is_string()) {
    throw CoinRulesError("Failed to parse consensus params of " + coin.ticker + ": " + key +
                         " is missing or not a string");
  }
  return value.get<std::string>();
}

}  // namespace

ZhtlcProtocol ZhtlcProtocol::fromEntry(const CoinEntry& coin) {
  const Json& data = member(member(coin.conf, "protocol"), "protocol_data");
  const Json& params = member(data, "consensus_params");
  ZhtlcProtocol out;
  out.hrp_spending_key = stringField(coin, params, "hrp_sapling_extended_spending_key");
  out.hrp_viewing_key = stringField(coin, params, "hrp_sapling_extended_full_viewing_key");
  out.hrp_address = stringField(coin, params, "hrp_sapling_payment_address");
  const Json& height = member(params, "sapling_activation_height");
  if (!height.is_number_unsigned()) {
    throw CoinRulesError("Failed to parse consensus params of " + coin.ticker +
                         ": sapling_activation_height is missing or not a height");
  }
  out.sapling_activation_height = height.get<std::uint64_t>();
  const Json& path = member(data, "z_derivation_path");
  if (path.is_string()) out.z_derivation_path = path.get<std::string>();
  return out;
}

}  // namespace walletd

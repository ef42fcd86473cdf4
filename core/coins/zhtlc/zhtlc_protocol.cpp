// ZhtlcProtocol from protocol.protocol_data.{consensus_params, z_derivation_path}.
#include "core/coins/zhtlc/zhtlc_protocol.h"

#include "core/coins/address_codec.h"
#include "core/encoding/base58.h"

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

// A prefix written as a JSON array of bytes; empty when absent or malformed.
Bytes prefixBytes(const Json& value) {
  Bytes out;
  if (!value.is_array()) return out;
  for (const Json& b : value) {
    if (!b.is_number_unsigned() || b.get<std::uint64_t>() > 255) return {};
    out.push_back(static_cast<std::uint8_t>(b.get<std::uint64_t>()));
  }
  return out;
}

}  // namespace

std::optional<std::string> ZhtlcProtocol::transparentAddress(ByteView script) const {
  const bool p2pkh = script.size() == 25 && script[0] == 0x76 && script[1] == 0xa9 &&
                     script[2] == 0x14 && script[23] == 0x88 && script[24] == 0xac;
  const bool p2sh =
      script.size() == 23 && script[0] == 0xa9 && script[1] == 0x14 && script[22] == 0x87;
  const Bytes& prefix = p2pkh ? b58_pubkey_prefix : b58_script_prefix;
  if ((!p2pkh && !p2sh) || prefix.empty()) return std::nullopt;
  const ByteView hash = script.subspan(p2pkh ? 3 : 2, 20);
  return base58CheckEncode(concatBytes({prefix, hash}));
}

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
  out.b58_pubkey_prefix = prefixBytes(member(params, "b58_pubkey_address_prefix"));
  out.b58_script_prefix = prefixBytes(member(params, "b58_script_address_prefix"));
  const Json& path = member(data, "z_derivation_path");
  if (path.is_string()) out.z_derivation_path = path.get<std::string>();
  const Json& fee = member(coin.conf, "txfee");
  if (fee.is_number_unsigned() && fee.get<std::uint64_t>() > 0)
    out.tx_fee = fee.get<std::uint64_t>();
  return out;
}

}  // namespace walletd

// Reading and checking the gasless configuration of a TRON activation.
#include "core/coins/tron/gasless/gasless_activation.h"

#include "core/coins/platform_activation_errors.h"
#include "core/encoding/encoding_error.h"
#include "core/encoding/tron_address.h"
#include "core/rpc/params_reader.h"

namespace walletd {
namespace {

// relay_address after `address` in one address object whose key or field is a TRON address.
void addTo(Json& info, const std::string& address, const TronRelay& relay) {
  try {
    info["relay_address"] = tronBase58(relay.relayAddressOf(parseTronAddress(address)));
  } catch (const EncodingError&) {
  }
}

}  // namespace

std::shared_ptr<const RelayProviderConfig> readRelayProvider(const CoinEntry& entry,
                                                             const PlatformActivationParams& p) {
  if (!p.raw.is_object() || !p.raw.contains("tron_gasless_provider") ||
      p.raw["tron_gasless_provider"].is_null()) {
    return nullptr;
  }
  const std::string network_name = entry.protocolString("network").value_or("");
  const RelayNetwork* network = relayNetwork(network_name);
  if (network == nullptr) {
    throwInvalidPayload("tron_gasless_provider: the relay provider does not serve network " +
                        network_name);
  }
  return std::make_shared<const RelayProviderConfig>(
      RelayProviderConfig::parse(p.raw["tron_gasless_provider"], *network));
}

std::map<std::string, std::optional<Decimal>> readTokenGasless(const PlatformActivationParams& p,
                                                               bool has_provider) {
  std::map<std::string, std::optional<Decimal>> out;
  if (!p.raw.is_object() || !p.raw.contains("erc20_tokens_requests")) return out;
  const Json& requests = p.raw["erc20_tokens_requests"];
  for (std::size_t i = 0; i < requests.size(); ++i) {
    const Json& request = requests[i];
    if (!request.is_object() || !request.contains("gasless") || request["gasless"].is_null())
      continue;
    const std::string path = "params.erc20_tokens_requests[" + std::to_string(i) + "].gasless";
    ParamsReader r(request["gasless"], path, false);
    const bool enabled = r.optionalOr<bool>("enabled", true);
    const std::optional<Decimal> cap = r.optional<Decimal>("transfer_max_fee");
    r.rejectUnknown();
    if (cap && cap->negative()) {
      throwInvalidPayload("TRON token gasless.transfer_max_fee must be non-negative");
    }
    if (!has_provider) {
      throwInvalidPayload("TRON token gasless config requires a platform tron_gasless_provider");
    }
    if (enabled) out[request.value("ticker", "")] = cap;
  }
  return out;
}

Task<void> checkRelayAddress(TronRelay& relay, EthAddress user, std::string ticker) {
  try {
    co_await relay.account(user);
  } catch (const RpcError& e) {
    throwPlatformCreationError(ticker,
                               "the relay address could not be confirmed with the relay "
                               "provider: " +
                                   e.message());
  }
}

void addRelayAddresses(Json& result, const TronRelay& relay) {
  for (const char* key : {"eth_addresses_infos", "erc20_addresses_infos"}) {
    if (!result.contains(key)) continue;
    for (auto& [address, info] : result[key].items()) addTo(info, address, relay);
  }
  if (result.contains("wallet_balance")) {
    for (Json& account : result["wallet_balance"]["accounts"]) {
      for (Json& address : account["addresses"])
        addTo(address, address.value("address", ""), relay);
    }
  }
}

}  // namespace walletd

// TronGaslessProviderConfig (spec §2.1), sent as `tron_gasless_provider` when a TRON platform is
// activated: where the relay provider's API is, how walletd authenticates to it, which provider
// signs up for the permits, and the timeouts. Read strictly: a wrong type or unknown field is
// InvalidRequest; a value that cannot work (a path on a host-only URL, an invalid TRON address, a
// zero timeout) is InvalidPayload. KDF's names are accepted as aliases (`gas_free` for `relay`).
// The API secret is wiped with the config and never written back (see redactedJson).
#pragma once

#include <cstdint>
#include <string>

#include "core/coins/tron/gasless/relay_network.h"
#include "core/rpc/json.h"

namespace walletd {

struct RelayProviderConfig {
  enum class Service { Direct, Proxy };

  std::string base_url;  // as configured
  // What /api/v1/... is appended to: direct, base_url + "/" + segment; proxy, base_url as given.
  std::string api_base;
  std::string api_base_path;  // the path part of api_base ("/nile"), signed in Authorization
  Service service = Service::Direct;
  std::string api_key;
  std::string api_secret;
  EthAddress service_provider{};
  std::uint64_t request_timeout_ms = 15000;
  std::uint64_t status_poll_interval_ms = 3000;

  static RelayProviderConfig parse(const Json& value, const RelayNetwork& network);
  // The configuration as sent, with api_secret replaced by "<redacted>".
  Json redactedJson() const;

  ~RelayProviderConfig();
  RelayProviderConfig() = default;
  RelayProviderConfig(const RelayProviderConfig&) = default;
  RelayProviderConfig& operator=(const RelayProviderConfig&) = default;
};

}  // namespace walletd

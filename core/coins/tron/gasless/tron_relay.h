// TronRelay: a TRON platform's relay provider, set up at activation from tron_gasless_provider —
// the network's relay constants, the configuration, the provider's API client and the transfers
// submitted through it (followed in memory, kept on disk). Shared by the platform and its TRC20
// tokens.
#pragma once

#include <memory>

#include "core/coins/tron/gasless/gasless_trace_store.h"
#include "core/coins/tron/gasless/gasless_traces.h"
#include "core/coins/tron/gasless/relay_address.h"
#include "core/coins/tron/gasless/relay_provider_client.h"

namespace walletd {

class TronRelay {
 public:
  TronRelay(const RelayNetwork& network, std::shared_ptr<const RelayProviderConfig> config,
            HttpClient& http, const Clock& clock, Storage& storage, std::string platform,
            std::shared_ptr<const Ed25519Key> proxy_key)
      : network_(network),
        config_(config),
        client_(http, std::move(config), clock, std::move(proxy_key)),
        store_(storage, std::move(platform)) {}

  const RelayNetwork& network() const { return network_; }
  const RelayProviderConfig& config() const { return *config_; }
  RelayProviderClient& client() { return client_; }
  EthAddress relayAddressOf(const EthAddress& user) const { return relayAddress(network_, user); }
  // The provider's account for `user`, its gasFreeAddress confirmed to be relayAddressOf(user):
  // a different one is Gasless/InvalidProviderResponse and is never used.
  Task<RelayAccount> account(EthAddress user);
  GaslessTraces& traces() { return traces_; }
  GaslessTraceStore& store() { return store_; }

 private:
  const RelayNetwork& network_;
  std::shared_ptr<const RelayProviderConfig> config_;
  RelayProviderClient client_;
  GaslessTraces traces_;
  GaslessTraceStore store_;
};

}  // namespace walletd

// The gasless parts of a TRON platform activation: the provider configuration and each token's
// `gasless: {transfer_max_fee}` read from the request (before any node is asked), the relay
// address checked against the one the provider computed (never used when they differ), and
// relay_address added to the activation answer's address objects.
#pragma once

#include <map>
#include <memory>
#include <optional>
#include <string>

#include "core/async/task.h"
#include "core/coins/coins_config.h"
#include "core/coins/platform_activation_params.h"
#include "core/coins/tron/gasless/tron_relay.h"

namespace walletd {

// Null when the request has no tron_gasless_provider. Errors: InvalidRequest (types, unknown
// fields), InvalidPayload (values; a network the provider does not serve).
std::shared_ptr<const RelayProviderConfig> readRelayProvider(const CoinEntry& entry,
                                                             const PlatformActivationParams& p);

// Ticker → transfer_max_fee (token units as sent) for the tokens that carry `gasless`.
// InvalidPayload for a negative cap or a token gasless config without a platform provider.
std::map<std::string, std::optional<Decimal>> readTokenGasless(const PlatformActivationParams& p,
                                                               bool has_provider);

// TronRelay::account for `user` must succeed (the provider answers, and with walletd's CREATE2
// relay address); else PlatformCoinCreationError carrying why.
Task<void> checkRelayAddress(TronRelay& relay, EthAddress user, std::string ticker);

// Adds relay_address to every address object of an Iguana or HD activation answer.
void addRelayAddresses(Json& result, const TronRelay& relay);

}  // namespace walletd

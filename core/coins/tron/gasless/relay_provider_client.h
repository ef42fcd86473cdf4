// RelayProviderClient: the relay provider's HTTP API (`<api_base>/api/v1/...`), authenticated per
// request — direct, with the HMAC headers (relay_auth.h); through the proxy service, with the
// wallet's P2P key in X-Auth-Payload (proxy_signature.h) — answers read from the provider's
// envelope {code, reason, message, data} — an HTTP error or a code other than 200 is a GaslessError
// (gasless_errors.h). Amounts are the token's smallest units; numbers are accepted as JSON numbers
// or decimal strings.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/async/task.h"
#include "core/coins/tron/gasless/permit_transfer.h"
#include "core/coins/tron/gasless/relay_provider_config.h"
#include "core/crypto/ed25519/ed25519_key.h"
#include "core/platform/clock.h"
#include "core/platform/http_client.h"

namespace walletd {

// One token of an account (`assets[]` of GET address/{account}).
struct RelayAsset {
  EthAddress token{};
  UInt256 activate_fee;
  UInt256 transfer_fee;
  UInt256 frozen;  // in flight, fees included
};

// GET address/{account}.
struct RelayAccount {
  EthAddress relay_address{};
  bool active = false;
  std::uint64_t nonce = 0;
  bool allow_submit = false;
  std::vector<RelayAsset> assets;
  const RelayAsset* asset(const EthAddress& token) const;
};

// The configured provider's deadline bounds in seconds (GET config/provider/all).
struct RelayDeadlineBounds {
  std::uint64_t min_seconds = 60;
  std::uint64_t max_seconds = 600;
  std::uint64_t default_seconds = 180;
};

// A transfer as the provider tracks it (submit's answer, GET gasfree/{traceId}).
struct RelayTrace {
  std::string id;
  std::string state;  // WAITING, INPROGRESS, CONFIRMING, SUCCEED, FAILED (others kept as sent)
  std::string txn_state;
  std::optional<std::string> txn_hash;
  std::optional<std::uint64_t> txn_block_num;
  std::optional<std::uint64_t> txn_block_timestamp_ms;
  std::optional<UInt256> txn_total_fee;
  std::optional<std::string> reason;
};

class RelayProviderClient {
 public:
  // `proxy_key` (the wallet's P2P key) signs the requests in proxy mode.
  RelayProviderClient(HttpClient& http, std::shared_ptr<const RelayProviderConfig> config,
                      const Clock& clock, std::shared_ptr<const Ed25519Key> proxy_key);

  Task<RelayAccount> account(EthAddress user);
  Task<RelayDeadlineBounds> deadlineBounds();  // fetched once, then cached
  Task<RelayTrace> submit(PermitTransfer permit, PermitSignature signature);
  Task<RelayTrace> trace(std::string trace_id);

  const RelayProviderConfig& config() const { return *config_; }

 private:
  // The envelope's `data` (never null for the calls that need one).
  Task<Json> call(std::string method, std::string path, std::string body);

  HttpClient& http_;
  std::shared_ptr<const RelayProviderConfig> config_;
  const Clock& clock_;
  std::shared_ptr<const Ed25519Key> proxy_key_;
  std::optional<RelayDeadlineBounds> bounds_;
};

}  // namespace walletd

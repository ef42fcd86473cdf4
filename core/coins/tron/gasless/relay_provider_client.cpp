// The relay provider's API over the host's HttpClient.
#include "core/coins/tron/gasless/relay_provider_client.h"

#include "core/coins/proxy_signature.h"
#include "core/coins/tron/gasless/gasless_errors.h"
#include "core/coins/tron/gasless/relay_auth.h"
#include "core/encoding/encoding_error.h"
#include "core/encoding/hex.h"
#include "core/encoding/tron_address.h"

namespace walletd {
namespace {

[[noreturn]] void badAnswer(const std::string& what) {
  throw gaslessError(GaslessError::InvalidProviderResponse,
                     "The relay provider answered unexpectedly: " + what);
}

const Json& field(const Json& object, const char* key) {
  static const Json null;
  if (!object.is_object()) return null;
  const auto it = object.find(key);
  return it == object.end() ? null : *it;
}

UInt256 amountOf(const Json& value, const char* key) {
  if (value.is_number_unsigned()) return UInt256(value.get<std::uint64_t>());
  if (value.is_number_integer() && value.get<std::int64_t>() >= 0)
    return UInt256(static_cast<std::uint64_t>(value.get<std::int64_t>()));
  if (value.is_string()) {
    if (auto parsed = UInt256::fromDecimal(value.get<std::string>(), 0)) return *parsed;
  }
  if (value.is_null()) return UInt256();
  badAnswer(std::string(key) + " is not a non-negative integer");
}

std::optional<std::uint64_t> countOf(const Json& value, const char* key) {
  if (value.is_null()) return std::nullopt;
  const auto n = amountOf(value, key).toUint64();
  if (!n) badAnswer(std::string(key) + " is out of range");
  return *n;
}

EthAddress addressOf(const Json& value, const char* key) {
  try {
    if (value.is_string()) return parseTronAddress(value.get<std::string>());
  } catch (const EncodingError&) {
  }
  badAnswer(std::string(key) + " is not a TRON address");
}

std::optional<std::string> textOf(const Json& value) {
  if (value.is_string() && !value.get<std::string>().empty()) return value.get<std::string>();
  return std::nullopt;
}

RelayTrace traceOf(const Json& data) {
  RelayTrace out;
  const auto id = textOf(field(data, "id"));
  const auto state = textOf(field(data, "state"));
  if (!id || !state) badAnswer("a transfer without id or state");
  out.id = *id;
  out.state = *state;
  out.txn_state = textOf(field(data, "txnState")).value_or("");
  out.txn_hash = textOf(field(data, "txnHash"));
  out.txn_block_num = countOf(field(data, "txnBlockNum"), "txnBlockNum");
  out.txn_block_timestamp_ms = countOf(field(data, "txnBlockTimestamp"), "txnBlockTimestamp");
  if (!field(data, "txnTotalFee").is_null())
    out.txn_total_fee = amountOf(field(data, "txnTotalFee"), "txnTotalFee");
  out.reason = textOf(field(data, "reason"));
  return out;
}

GaslessError kindOfStatus(int status) {
  if (status == 401) return GaslessError::Unauthorized;
  if (status == 403) return GaslessError::Forbidden;
  if (status == 429) return GaslessError::RateLimited;
  if (status >= 400 && status < 500) return GaslessError::ProviderBadRequest;
  return GaslessError::Upstream;
}

}  // namespace

const RelayAsset* RelayAccount::asset(const EthAddress& token) const {
  for (const RelayAsset& a : assets) {
    if (a.token == token) return &a;
  }
  return nullptr;
}

RelayProviderClient::RelayProviderClient(HttpClient& http,
                                         std::shared_ptr<const RelayProviderConfig> config,
                                         const Clock& clock,
                                         std::shared_ptr<const Ed25519Key> proxy_key)
    : http_(http), config_(std::move(config)), clock_(clock), proxy_key_(std::move(proxy_key)) {}

Task<Json> RelayProviderClient::call(std::string method, std::string path, std::string body) {
  const std::string full_path = config_->api_base_path + "/api/v1/" + path;
  HttpRequest request;
  request.method = method;
  request.url = config_->api_base + "/api/v1/" + path;
  request.timeout_ms = config_->request_timeout_ms;
  const std::uint64_t now = clock_.unixMillis() / 1000;
  if (config_->service == RelayProviderConfig::Service::Proxy) {
    if (!proxy_key_) {
      throw gaslessError(GaslessError::Unauthorized,
                         "The relay provider is reached through the proxy service, which needs "
                         "the wallet's P2P key; this session has none");
    }
    request.headers.emplace_back(
        kProxyAuthHeader,
        proxyAuthPayload(*proxy_key_, request.url, body.size(), static_cast<std::int64_t>(now)));
  } else {
    request.headers.emplace_back("Timestamp", std::to_string(now));
    request.headers.emplace_back(
        "Authorization",
        relayAuthorization(config_->api_key, config_->api_secret, method, full_path, now));
  }
  if (method == "POST") request.headers.emplace_back("Content-Type", "application/json");
  request.body = std::move(body);
  HttpResponse response;
  try {
    response = co_await http_.request(std::move(request));
  } catch (const TransportError& e) {
    throw gaslessError(GaslessError::ProviderUnreachable,
                       std::string("The relay provider did not answer: ") + e.what());
  }
  const Json envelope = Json::parse(response.body, nullptr, false);
  const std::string reason = sanitizedProviderText(
      field(envelope, "reason").is_string() ? field(envelope, "reason").get<std::string>() : "");
  const std::string message = sanitizedProviderText(
      field(envelope, "message").is_string() ? field(envelope, "message").get<std::string>() : "");
  const std::string detail = reason.empty() && message.empty()
                                 ? sanitizedProviderText(response.body)
                                 : reason + (message.empty() ? "" : ": " + message);
  if (response.status != 200) {
    const GaslessError kind = kindOfStatus(response.status);
    throw gaslessError(kind, "The relay provider refused (HTTP " + std::to_string(response.status) +
                                 "): " + detail);
  }
  if (envelope.is_discarded() || !envelope.is_object()) badAnswer("not a JSON object");
  const Json& code = field(envelope, "code");
  if (!code.is_number_integer()) badAnswer("no code in the envelope");
  const int code_value = code.get<int>();
  if (code_value != 200) {
    GaslessError kind = kindOfStatus(code_value >= 400 ? code_value : 400);
    if (reason == "TooManyPendingTransferException") kind = GaslessError::PendingTransfer;
    if (reason == "MaxFeeExceededException") kind = GaslessError::MaxFeeExceeded;
    if (reason == "DeadlineExceededException") kind = GaslessError::AuthorizationExpired;
    if (reason == "InsufficientBalanceException") kind = GaslessError::InsufficientRelayBalance;
    if (reason.find("NotFound") != std::string::npos && path.rfind("gasfree/", 0) == 0)
      kind = GaslessError::TraceNotFound;
    throw gaslessError(kind, "The relay provider refused: " + detail,
                       Json{{"reason", reason}, {"message", message}});
  }
  co_return field(envelope, "data");
}

Task<RelayAccount> RelayProviderClient::account(EthAddress user) {
  const Json data = co_await call("GET", "address/" + tronBase58(user), "");
  RelayAccount out;
  out.relay_address = addressOf(field(data, "gasFreeAddress"), "gasFreeAddress");
  const Json& active = field(data, "active");
  const Json& allow = field(data, "allowSubmit").is_null() ? field(data, "allow_submit")
                                                           : field(data, "allowSubmit");
  if (!active.is_boolean() || !allow.is_boolean()) badAnswer("active/allowSubmit are not booleans");
  out.active = active.get<bool>();
  out.allow_submit = allow.get<bool>();
  out.nonce = countOf(field(data, "nonce"), "nonce").value_or(0);
  const Json& assets = field(data, "assets");
  if (!assets.is_null() && !assets.is_array()) badAnswer("assets is not an array");
  if (assets.is_array()) {
    for (const Json& a : assets) {
      RelayAsset asset;
      asset.token = addressOf(field(a, "tokenAddress"), "tokenAddress");
      asset.activate_fee = amountOf(field(a, "activateFee"), "activateFee");
      asset.transfer_fee = amountOf(field(a, "transferFee"), "transferFee");
      asset.frozen = amountOf(field(a, "frozen"), "frozen");
      out.assets.push_back(asset);
    }
  }
  co_return out;
}

Task<RelayDeadlineBounds> RelayProviderClient::deadlineBounds() {
  if (bounds_) co_return *bounds_;
  const Json data = co_await call("GET", "config/provider/all", "");
  const Json& providers = field(data, "providers");
  if (!providers.is_array()) badAnswer("providers is not an array");
  for (const Json& p : providers) {
    if (addressOf(field(p, "address"), "address") != config_->service_provider) continue;
    const Json& c = field(p, "config");
    RelayDeadlineBounds b;
    b.min_seconds = countOf(field(c, "minDeadlineDuration"), "minDeadlineDuration").value_or(60);
    b.max_seconds = countOf(field(c, "maxDeadlineDuration"), "maxDeadlineDuration").value_or(600);
    b.default_seconds =
        countOf(field(c, "defaultDeadlineDuration"), "defaultDeadlineDuration").value_or(180);
    if (b.min_seconds > b.max_seconds) badAnswer("minDeadlineDuration > maxDeadlineDuration");
    bounds_ = b;
    co_return b;
  }
  throw gaslessError(GaslessError::Unavailable,
                     "The relay provider does not list the configured service_provider " +
                         tronBase58(config_->service_provider));
}

Task<RelayTrace> RelayProviderClient::submit(PermitTransfer p, PermitSignature signature) {
  Json body = Json::object();
  body["token"] = tronBase58(p.token);
  body["serviceProvider"] = tronBase58(p.service_provider);
  body["user"] = tronBase58(p.user);
  body["receiver"] = tronBase58(p.receiver);
  body["value"] = p.value.toDecimal();
  body["maxFee"] = p.max_fee.toDecimal();
  body["deadline"] = p.deadline;
  body["version"] = p.version;
  body["nonce"] = p.nonce;
  body["sig"] = toHex(signature);
  const Json data = co_await call("POST", "gasfree/submit", body.dump());
  co_return traceOf(data);
}

Task<RelayTrace> RelayProviderClient::trace(std::string trace_id) {
  const Json data = co_await call("GET", "gasfree/" + trace_id, "");
  if (data.is_null()) {
    throw gaslessError(GaslessError::TraceNotFound,
                       "The relay provider has no transfer " + trace_id, Json(trace_id));
  }
  co_return traceOf(data);
}

}  // namespace walletd

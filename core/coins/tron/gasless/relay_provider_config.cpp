// Parsing and checking the relay provider configuration.
#include "core/coins/tron/gasless/relay_provider_config.h"

#include "core/coins/platform_activation_errors.h"
#include "core/crypto/secret.h"
#include "core/encoding/encoding_error.h"
#include "core/encoding/tron_address.h"
#include "core/rpc/params_reader.h"

namespace walletd {
namespace {

constexpr const char* kPath = "params.tron_gasless_provider";
constexpr std::uint64_t kMaxTimeoutMs = 600000;

// "https://host[:port]" (a trailing slash allowed): its scheme and authority, and the rest.
struct SplitUrl {
  std::string origin;
  std::string path;
};

SplitUrl splitUrl(const std::string& url) {
  const auto scheme_end = url.find("://");
  const std::string scheme = scheme_end == std::string::npos ? "" : url.substr(0, scheme_end);
  if (scheme != "http" && scheme != "https") {
    throwInvalidPayload(std::string(kPath) + ".base_url must be an http:// or https:// URL");
  }
  const auto path_start = url.find('/', scheme_end + 3);
  SplitUrl out;
  out.origin = url.substr(0, path_start);
  out.path = path_start == std::string::npos ? "" : url.substr(path_start);
  if (out.origin.size() == scheme_end + 3 || out.path.find_first_of("?#") != std::string::npos ||
      url.find_first_of(" \t\r\n") != std::string::npos) {
    throwInvalidPayload(std::string(kPath) + ".base_url is not a usable URL");
  }
  while (!out.path.empty() && out.path.back() == '/') out.path.pop_back();
  return out;
}

std::uint64_t checkedTimeout(ParamsReader& r, const char* key, std::uint64_t fallback) {
  const std::uint64_t value = r.optionalOr<std::uint64_t>(key, fallback);
  if (value == 0 || value > kMaxTimeoutMs) {
    throwInvalidPayload(std::string(kPath) + "." + key + " must be between 1 and " +
                        std::to_string(kMaxTimeoutMs) + " ms");
  }
  return value;
}

// Direct mode: `{"relay": {api_key, api_secret}}` (KDF: `gas_free`) and a host-only base_url, to
// which the network segment is added.
void readDirectService(const Json& service, const SplitUrl& url, const RelayNetwork& network,
                       RelayProviderConfig& out) {
  if (!service.is_object() || service.size() != 1 ||
      !(service.contains("relay") || service.contains("gas_free"))) {
    throwInvalidParams(std::string(kPath) +
                       ".service: expected {\"relay\":{api_key, api_secret}} or \"komodo_proxy\"");
  }
  const bool relay = service.contains("relay");
  ParamsReader credentials(service.at(relay ? "relay" : "gas_free"),
                           std::string(kPath) + ".service." + (relay ? "relay" : "gas_free"),
                           false);
  out.api_key = credentials.required<std::string>("api_key");
  out.api_secret = credentials.required<std::string>("api_secret");
  credentials.rejectUnknown();
  if (out.api_key.empty() || out.api_secret.empty()) {
    throwInvalidPayload(std::string(kPath) + ".service.relay: api_key and api_secret must be set");
  }
  if (!url.path.empty()) {
    throwInvalidPayload(std::string(kPath) + ".base_url must be host-only (no path): the network " +
                        "segment /" + network.path_segment + " is added by walletd");
  }
  out.service = RelayProviderConfig::Service::Direct;
  out.api_base_path = "/" + network.path_segment;
  out.api_base = url.origin + out.api_base_path;
}

}  // namespace

RelayProviderConfig RelayProviderConfig::parse(const Json& value, const RelayNetwork& network) {
  ParamsReader r(value, kPath, false);
  RelayProviderConfig out;
  out.base_url = r.required<std::string>("base_url");
  const SplitUrl url = splitUrl(out.base_url);
  const Json service = r.required<Json>("service");
  if (service.is_string()) {
    const std::string name = service.get<std::string>();
    if (name != "komodo_proxy") {
      throwInvalidPayload(std::string(kPath) +
                          ".service must be {\"relay\":{api_key, api_secret}} or \"komodo_proxy\"");
    }
    // The proxy holds the credentials: its URL is used as given and no secret is kept here.
    out.service = Service::Proxy;
    out.api_base_path = url.path;
    out.api_base = url.origin + url.path;
  } else {
    readDirectService(service, url, network, out);
  }
  const std::string provider = r.required<std::string>("service_provider");
  try {
    out.service_provider = parseTronAddress(provider);
  } catch (const EncodingError& e) {
    throwInvalidPayload(std::string(kPath) + ".service_provider: " + e.what());
  }
  out.request_timeout_ms = checkedTimeout(r, "request_timeout_ms", 15000);
  out.status_poll_interval_ms = checkedTimeout(r, "status_poll_interval_ms", 3000);
  r.rejectUnknown();
  return out;
}

Json RelayProviderConfig::redactedJson() const {
  Json out = Json::object();
  out["base_url"] = base_url;
  out["service"] = service == Service::Proxy
                       ? Json("komodo_proxy")
                       : Json{{"relay", {{"api_key", api_key}, {"api_secret", "<redacted>"}}}};
  out["service_provider"] = tronBase58(service_provider);
  out["request_timeout_ms"] = request_timeout_ms;
  out["status_poll_interval_ms"] = status_poll_interval_ms;
  return out;
}

RelayProviderConfig::~RelayProviderConfig() {
  wipe(api_secret);
}

}  // namespace walletd

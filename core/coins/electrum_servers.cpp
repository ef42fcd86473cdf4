// ElectrumServerParams' schema and what a host opens for the servers.
#include "core/coins/electrum_servers.h"

#include <algorithm>

#include "core/coins/electrum_client.h"

namespace walletd {
namespace {

constexpr const char* kServerProtocols[] = {"TCP", "SSL", "WS", "WSS"};

void checkUrl(const std::string& url, const std::string& path) {
  if (url.empty() || url.size() > 2048) throwInvalidParams(path + ": empty or too long");
}

}  // namespace

const ObjectSchema<ElectrumServerParams>& ElectrumServerParams::schema() {
  using S = ElectrumServerParams;
  static const auto s =
      ObjectSchema<S>()
          .required("url", &S::url, nullptr, &checkUrl)
          .fallback<Literals<kServerProtocols>>("protocol", &S::protocol, "TCP")
          .fallback("disable_cert_verification", &S::disable_cert_verification, false)
          .optional("ws_url", &S::ws_url)
          .optional("timeout_sec", &S::timeout_sec, nullptr, &inRange<1, 600>);
  return s;
}

std::vector<StreamTarget> electrumTargets(const StreamConnector& connector,
                                          const std::vector<ElectrumServerParams>& servers) {
  std::vector<StreamTarget> out;
  for (const ElectrumServerParams& server : servers) {
    const std::string scheme = server.protocol == "SSL"   ? "ssl"
                               : server.protocol == "WSS" ? "wss"
                               : server.protocol == "WS"  ? "ws"
                                                          : "tcp";
    if (!connector.supports(scheme)) continue;
    std::string where = server.protocol == "WSS" && server.ws_url ? *server.ws_url : server.url;
    if (where.find("://") == std::string::npos) where = scheme + "://" + where;
    out.push_back({where, !server.disable_cert_verification});
  }
  return out;
}

std::uint64_t electrumTimeoutMs(const std::vector<ElectrumServerParams>& servers) {
  std::uint64_t timeout_ms = ElectrumClient::kDefaultRequestTimeoutMs;
  for (const ElectrumServerParams& server : servers) {
    if (server.timeout_sec) timeout_ms = std::min(timeout_ms, *server.timeout_sec * 1000);
  }
  return timeout_ms;
}

}  // namespace walletd

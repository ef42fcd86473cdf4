// Failover across a coin's nodes.
#include "core/coins/node_failover.h"

#include <algorithm>

#include "core/coins/proxy_signature.h"

namespace walletd {
namespace {

// A 401/403 is never a usable answer, whatever the body says.
std::optional<std::string> refusedAuthorization(int status, const CoinNode& node) {
  if (status != 401 && status != 403) return std::nullopt;
  return "HTTP " + std::to_string(status) +
         (node.proxy_auth ? " (the proxy service refused the request's signature)"
                          : " (a node behind the proxy service needs komodo_proxy: true)");
}

}  // namespace

NodeFailover::NodeFailover(HttpClient& http, std::vector<CoinNode> nodes, std::uint64_t timeout_ms,
                           const Clock* clock, std::shared_ptr<const Ed25519Key> proxy_key)
    : http_(http),
      nodes_(std::move(nodes)),
      timeout_ms_(timeout_ms),
      clock_(clock),
      proxy_key_(std::move(proxy_key)) {}

Task<NodeFailover::Outcome> NodeFailover::post(std::string path, std::string body, Judge judge) {
  Outcome out;
  const std::uint64_t started = clock_ ? clock_->monotonicMillis() : 0;
  for (std::size_t attempt = 0; attempt < nodes_.size(); ++attempt) {
    std::uint64_t timeout = timeout_ms_;
    if (clock_) {
      const std::uint64_t elapsed = clock_->monotonicMillis() - started;
      if (elapsed >= kCallBudgetMs) {
        out.failures += "; no time left for the other nodes (" + std::to_string(kCallBudgetMs) +
                        " ms per call)";
        out.any_unreachable = true;
        break;
      }
      timeout = std::min(timeout, kCallBudgetMs - elapsed);
    }
    const std::size_t index = (preferred_ + attempt) % nodes_.size();
    const CoinNode& node = nodes_[index];
    std::string url = node.url;
    if (!path.empty()) {
      while (!url.empty() && url.back() == '/') url.pop_back();
      url += path;
    }
    HttpRequest request;
    request.method = "POST";
    request.url = std::move(url);
    request.headers = {{"Content-Type", "application/json"}};
    request.body = body;
    request.timeout_ms = timeout;
    std::optional<std::string> problem;
    if (node.proxy_auth) {
      if (!proxy_key_ || !clock_) {
        out.failures += (out.failures.empty() ? "" : "; ") + node.url +
                        ": the node sits behind the proxy service and requests to it must be "
                        "signed with the wallet's P2P key, which this session does not have";
        continue;
      }
      const auto now = static_cast<std::int64_t>(clock_->unixMillis() / 1000);
      request.headers.emplace_back(kProxyAuthHeader,
                                   proxyAuthPayload(*proxy_key_, request.url, body.size(), now));
    }
    try {
      HttpResponse response = co_await http_.request(std::move(request));
      if (response.status >= 500) out.any_unreachable = true;
      problem = refusedAuthorization(response.status, node);
      if (!problem) problem = judge(response);
      if (!problem) {
        preferred_ = index;
        out.answer = std::move(response);
        out.node = &node;
        co_return out;
      }
    } catch (const TransportError& e) {
      problem = e.what();
      out.any_unreachable = true;
    }
    out.failures += (out.failures.empty() ? "" : "; ") + node.url + ": " + *problem;
  }
  co_return out;
}

}  // namespace walletd

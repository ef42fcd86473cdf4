// Failover across a coin's nodes.
#include "core/coins/node_failover.h"

#include <algorithm>

namespace walletd {

NodeFailover::NodeFailover(HttpClient& http, std::vector<CoinNode> nodes, std::uint64_t timeout_ms,
                           const Clock* clock)
    : http_(http), nodes_(std::move(nodes)), timeout_ms_(timeout_ms), clock_(clock) {}

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
    try {
      HttpResponse response = co_await http_.request(std::move(request));
      if (response.status >= 500) out.any_unreachable = true;
      problem = judge(response);
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

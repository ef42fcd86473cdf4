// JSON-RPC over the host's HttpClient, with failover across the coin's nodes.
#include "core/coins/json_rpc_client.h"

#include <algorithm>

#include "core/rpc/params_reader.h"

namespace walletd {
namespace {

// What went wrong with one node, or nullopt when `response` is a usable JSON-RPC answer.
std::optional<std::string> problemWith(const HttpResponse& response, Json& parsed,
                                       std::uint64_t id) {
  if (response.status >= 500) return "HTTP " + std::to_string(response.status);
  parsed = Json::parse(response.body, nullptr, false);
  if (parsed.is_discarded() || !parsed.is_object()) {
    return "HTTP " + std::to_string(response.status) + " with a body that is not a JSON object";
  }
  if (!parsed.contains("result") && !parsed.contains("error"))
    return "a JSON-RPC response without result or error";
  if (!parsed.contains("id") || parsed["id"] != Json(id))
    return "a JSON-RPC response for another request id";
  return std::nullopt;
}

}  // namespace

CoinNode CoinNode::fromJson(const Json& value, const std::string& path) {
  ParamsReader r(value, path, false);
  CoinNode node;
  node.url = r.required<std::string>("url");
  if (node.url.rfind("http://", 0) != 0 && node.url.rfind("https://", 0) != 0) {
    throwInvalidParams(r.fieldPath("url") + ": must start with http:// or https://");
  }
  // The spec names the flag `<vendor>_auth`; KDF's name is `komodo_proxy`. Both are accepted.
  const bool a = r.optionalOr<bool>("komodo_proxy", false);
  const bool b = r.optionalOr<bool>("komodo_auth", false);
  node.proxy_auth = a || b;
  r.rejectUnknown({"gui_auth", "ws_url"});
  return node;
}

JsonRpcClient::JsonRpcClient(HttpClient& http, std::vector<CoinNode> nodes,
                             std::uint64_t timeout_ms, const Clock* clock)
    : http_(http), nodes_(std::move(nodes)), timeout_ms_(timeout_ms), clock_(clock) {}

Task<Json> JsonRpcClient::call(std::string method, Json params) {
  if (nodes_.empty()) throw NodesUnavailable("no nodes are configured");
  const std::uint64_t id = next_id_++;
  Json envelope{{"jsonrpc", "2.0"}, {"id", id}, {"method", method}, {"params", std::move(params)}};
  const std::string body = envelope.dump();
  std::string failures;
  const std::uint64_t started = clock_ ? clock_->monotonicMillis() : 0;
  for (std::size_t attempt = 0; attempt < nodes_.size(); ++attempt) {
    std::uint64_t timeout = timeout_ms_;
    if (clock_) {
      const std::uint64_t elapsed = clock_->monotonicMillis() - started;
      if (elapsed >= kCallBudgetMs) {
        failures += "; no time left for the other nodes (" + std::to_string(kCallBudgetMs) +
                    " ms per call)";
        break;
      }
      timeout = std::min(timeout, kCallBudgetMs - elapsed);
    }
    const std::size_t index = (preferred_ + attempt) % nodes_.size();
    const CoinNode& node = nodes_[index];
    HttpRequest request;
    request.method = "POST";
    request.url = node.url;
    request.headers = {{"Content-Type", "application/json"}};
    request.body = body;
    request.timeout_ms = timeout;
    std::optional<std::string> problem;
    Json parsed;
    try {
      HttpResponse response = co_await http_.request(std::move(request));
      problem = problemWith(response, parsed, id);
    } catch (const TransportError& e) {
      problem = e.what();
    }
    if (problem) {
      failures += (failures.empty() ? "" : "; ") + node.url + ": " + *problem;
      continue;
    }
    preferred_ = index;
    if (parsed.contains("error") && !parsed["error"].is_null()) {
      const Json& error = parsed["error"];
      const std::string message =
          error.is_object() ? error.value("message", error.dump()) : error.dump();
      const std::int64_t code =
          error.is_object() && error.contains("code") && error["code"].is_number_integer()
              ? error["code"].get<std::int64_t>()
              : 0;
      throw JsonRpcError(node.url, code, message,
                         error.is_object() ? error.value("data", Json()) : Json());
    }
    co_return parsed["result"];
  }
  throw NodesUnavailable("no node answered " + method + ": " + failures);
}

}  // namespace walletd

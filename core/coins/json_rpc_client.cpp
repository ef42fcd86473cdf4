// JSON-RPC over the host's HttpClient, with failover across the coin's nodes.
#include "core/coins/json_rpc_client.h"

namespace walletd {
namespace {

// An error whose id is null: JSON-RPC 2.0's answer when the node could not read the request's id
// (a parse error, an invalid request). Only one request is in flight, so it is the node's answer
// to it.
bool nullIdError(const Json& parsed) {
  return parsed.contains("id") && parsed["id"].is_null() && parsed.contains("error") &&
         !parsed["error"].is_null();
}

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
  if (parsed.contains("id") && parsed["id"] == Json(id)) return std::nullopt;
  if (nullIdError(parsed)) return std::nullopt;
  return "a JSON-RPC response for another request id";
}

}  // namespace

JsonRpcClient::JsonRpcClient(HttpClient& http, std::vector<CoinNode> nodes,
                             std::uint64_t timeout_ms, const Clock* clock,
                             std::shared_ptr<const Ed25519Key> proxy_key)
    : failover_(http, std::move(nodes), timeout_ms, clock, std::move(proxy_key)) {}

Task<Json> JsonRpcClient::call(std::string method, Json params) {
  if (failover_.nodes().empty()) throw NodesUnavailable("no nodes are configured");
  const std::uint64_t id = next_id_++;
  Json envelope{{"jsonrpc", "2.0"}, {"id", id}, {"method", method}, {"params", std::move(params)}};
  Json parsed;  // the judged answer, parsed once
  NodeFailover::Judge judge = [&parsed, id](const HttpResponse& response) {
    return problemWith(response, parsed, id);
  };
  NodeFailover::Outcome outcome = co_await failover_.post("", envelope.dump(), std::move(judge));
  if (!outcome.answer)
    throw NodesUnavailable("no node answered " + method + ": " + outcome.failures);
  if (parsed.contains("error") && !parsed["error"].is_null()) {
    const Json& error = parsed["error"];
    const std::string message =
        error.is_object() ? error.value("message", error.dump()) : error.dump();
    const std::int64_t code =
        error.is_object() && error.contains("code") && error["code"].is_number_integer()
            ? error["code"].get<std::int64_t>()
            : 0;
    throw JsonRpcError(outcome.node->url, code, message,
                       error.is_object() ? error.value("data", Json()) : Json());
  }
  co_return parsed["result"];
}

}  // namespace walletd

// JsonRpcClient: JSON-RPC 2.0 over HTTP(S) to a coin's nodes (spec CoinNode), trying them in
// order. A node that gives no answer, a 5xx, or a body that is not a JSON-RPC response is skipped;
// when every node failed the call throws NodesUnavailable naming each node and what it did. A
// JSON-RPC error object is an answer (the node understood and refused) and is thrown as
// JsonRpcError at once, without trying other nodes.
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/coins/coin_node.h"
#include "core/coins/node_failover.h"
#include "core/coins/transport_error.h"
#include "core/platform/clock.h"
#include "core/platform/http_client.h"
#include "core/rpc/json.h"

namespace walletd {

struct NodesUnavailable : TransportFailure {
  explicit NodesUnavailable(const std::string& message) : TransportFailure(message, message) {}
};

struct JsonRpcError : TransportFailure {
  JsonRpcError(std::string node_url, std::int64_t code_, std::string message_, Json data_)
      : TransportFailure(node_url + " refused: " + message_, message_),
        node(std::move(node_url)),
        code(code_),
        data(std::move(data_)) {}
  std::string node;
  std::int64_t code;
  Json data;
};

class JsonRpcClient {
 public:
  static constexpr std::size_t kMaxNodes = 16;
  static constexpr std::uint64_t kCallBudgetMs = NodeFailover::kCallBudgetMs;

  // With a `clock`, one call (all its failover attempts) ends within kCallBudgetMs; each attempt
  // has `timeout_ms` (connect has a shorter one in the hosts).
  // `proxy_key`: the wallet's P2P key, for nodes behind the proxy service (NodeFailover).
  JsonRpcClient(HttpClient& http, std::vector<CoinNode> nodes, std::uint64_t timeout_ms = 15000,
                const Clock* clock = nullptr,
                std::shared_ptr<const Ed25519Key> proxy_key = nullptr);

  // The `result` of `method(params)`.
  Task<Json> call(std::string method, Json params);
  const std::vector<CoinNode>& nodes() const { return failover_.nodes(); }

 private:
  NodeFailover failover_;  // the node that answered last is asked first
  std::uint64_t next_id_ = 1;
};

}  // namespace walletd

// NodeFailover: one request tried on a coin's nodes (spec CoinNode) in turn, starting with the
// node that answered last, every attempt with its own timeout and — with a clock — the whole call
// within kCallBudgetMs. A node fails when it gives no HTTP answer or when `judge` finds its
// answer unusable; the outcome is the first usable answer, or every node's failure. The JSON-RPC
// client (EVM) and the TRON HTTP API client share it and differ only in what they send and how
// they judge an answer. A node marked `proxy_auth` (it sits behind the proxy service) gets each
// request signed with the wallet's P2P key (proxy_signature.h).
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/async/task.h"
#include "core/coins/coin_node.h"
#include "core/crypto/ed25519/ed25519_key.h"
#include "core/platform/clock.h"
#include "core/platform/http_client.h"

namespace walletd {

class NodeFailover {
 public:
  static constexpr std::uint64_t kCallBudgetMs = 30000;  // one call, failover included

  // nullopt when the answer is usable; otherwise what is wrong with it.
  using Judge = std::function<std::optional<std::string>(const HttpResponse&)>;

  struct Outcome {
    std::optional<HttpResponse> answer;  // the first usable one
    const CoinNode* node = nullptr;      // the node that gave it
    std::string failures;                // "<url>: <problem>; ..." for the nodes that failed
    bool any_unreachable = false;        // some node gave no answer, a 5xx, or time ran out
  };

  // `proxy_key` signs the requests to `proxy_auth` nodes (null: such nodes fail, saying why).
  NodeFailover(HttpClient& http, std::vector<CoinNode> nodes, std::uint64_t timeout_ms,
               const Clock* clock, std::shared_ptr<const Ed25519Key> proxy_key = nullptr);

  // POSTs `body` (JSON) to each node's url + `path` until `judge` accepts an answer.
  Task<Outcome> post(std::string path, std::string body, Judge judge);
  const std::vector<CoinNode>& nodes() const { return nodes_; }

 private:
  HttpClient& http_;
  std::vector<CoinNode> nodes_;
  std::uint64_t timeout_ms_;
  const Clock* clock_;
  std::shared_ptr<const Ed25519Key> proxy_key_;
  std::size_t preferred_ = 0;
};

}  // namespace walletd

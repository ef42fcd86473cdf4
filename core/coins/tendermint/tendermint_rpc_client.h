// TendermintRpcClient: what a Tendermint coin asks its CometBFT nodes, over JSON-RPC 2.0 (POST to
// the node's URL, failover across the activation's nodes): abci_info for the height, abci_query
// with the Cosmos SDK's gRPC paths (cosmos_queries.h) for accounts, balances, simulations and IBC
// channels, and broadcast_tx_commit (CometBFT 0.38/0.37 answer `tx_result`, 0.34 `deliver_tx`).
// CometBFT writes heights and gas as strings; numbers are accepted too. An ABCI refusal
// (response.code != 0) and a refused transaction are CosmosNodeRefusal, carrying the SDK's code,
// codespace and log.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/coins/json_rpc_client.h"
#include "core/coins/tendermint/cosmos_queries.h"
#include "core/encoding/uint256.h"

namespace walletd {

struct CosmosNodeRefusal : TransportFailure {
  CosmosNodeRefusal(std::string summary, std::int64_t code_, std::string codespace_,
                    std::string log_)
      : TransportFailure(std::move(summary), log_),
        code(code_),
        codespace(std::move(codespace_)),
        log(std::move(log_)) {}
  std::int64_t code;
  std::string codespace;
  std::string log;
};

// A node answer that is not what CometBFT or the SDK answer.
struct TendermintNodeMisbehaved : TransportFailure {
  explicit TendermintNodeMisbehaved(const std::string& why)
      : TransportFailure("The Tendermint node gave an unexpected answer", why) {}
};

struct TendermintBroadcast {
  std::string hash;  // upper-case hex
  std::uint64_t height = 0;
};

class TendermintRpcClient {
 public:
  TendermintRpcClient(HttpClient& http, std::vector<CoinNode> nodes, const Clock* clock,
                      std::shared_ptr<const Ed25519Key> proxy_key);

  Task<std::uint64_t> latestHeight();
  // nullopt when the chain has no such account (never funded).
  Task<std::optional<CosmosAccount>> account(std::string address);
  Task<UInt256> balance(std::string address, std::string denom);
  // gas_used of a signed transaction; a refusal (sequence, funds) is CosmosNodeRefusal.
  Task<std::uint64_t> simulateGas(Bytes tx);
  // The state of channel `channel` on port "transfer" (3 = OPEN); nullopt when it does not exist.
  Task<std::optional<std::uint64_t>> channelState(std::string channel);
  // Any other ABCI query's value; nullopt when the node answers "not found" (the SDK's code 22
  // NotFound, or an older node's wrapped gRPC status), CosmosNodeRefusal for another refusal.
  Task<std::optional<Bytes>> ask(std::string path, Bytes data);
  // Waits for the block; CosmosNodeRefusal when CheckTx or DeliverTx refuse it.
  Task<TendermintBroadcast> broadcastCommit(Bytes tx);
  // tx_search's result for `query` (`prove` false, oldest first): {txs, total_count}.
  Task<Json> txSearch(std::string query, std::uint32_t page, std::uint32_t per_page);
  // The `block` at `height`'s header.time, in Unix seconds.
  Task<std::uint64_t> blockTime(std::uint64_t height);
  const std::vector<CoinNode>& nodes() const { return rpc_.nodes(); }

 private:
  struct AbciAnswer {
    std::int64_t code = 0;
    std::string codespace;
    std::string log;
    Bytes value;
  };
  Task<AbciAnswer> query(std::string path, Bytes data);
  // rpc_.call with CometBFT's error `data` (where it says what went wrong: "tx already exists
  // in cache") in the failure's text.
  Task<Json> call(std::string method, Json params);
  JsonRpcClient rpc_;
};

// The "expected N" of an SDK sequence mismatch log, if it has one.
std::optional<std::uint64_t> expectedSequence(const std::string& log);

}  // namespace walletd

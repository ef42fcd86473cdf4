// TronNodeClient: a TRON full node's HTTP API (`POST <node>/wallet/<name>` with a JSON body, the
// answer a JSON object), over the coin's nodes with NodeFailover: a node that gives no answer, a
// 5xx or a body that is not a JSON object is skipped; when all failed, TronNodesUnavailable names
// each (TronNodeMisbehaved when every node answered, just not as a TRON node). The reads and the
// broadcast walletd needs are typed here; addresses travel as 41-hex
// (`visible: false`).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/coins/coin_node.h"
#include "core/coins/node_failover.h"
#include "core/coins/transport_error.h"
#include "core/coins/tron/tron_transaction.h"
#include "core/encoding/uint256.h"
#include "core/platform/clock.h"
#include "core/platform/http_client.h"

namespace walletd {

struct TronNodesUnavailable : TransportFailure {
  explicit TronNodesUnavailable(const std::string& message) : TransportFailure(message, message) {}
};

// A node answered, but not with what the API documents (a missing blockID, a string balance).
struct TronNodeMisbehaved : TransportFailure {
  explicit TronNodeMisbehaved(const std::string& message) : TransportFailure(message, message) {}
};

// The node refused a transaction: java-tron's response code (SIGERROR, TAPOS_ERROR, ...) and
// its message, decoded from hex.
struct TronBroadcastRefused : TransportFailure {
  TronBroadcastRefused(std::string code_, std::string message_)
      : TransportFailure("The TRON node refused the transaction: " + code_ + ": " + message_,
                         code_ + ": " + message_),
        code(std::move(code_)),
        message(std::move(message_)) {}
  std::string code;
  std::string message;
};

struct TronAccountState {
  std::uint64_t balance_sun = 0;
};

// getaccountresource: bandwidth (free and staked) and energy (staked), used and limits.
struct TronResources {
  std::uint64_t free_net_used = 0, free_net_limit = 0;
  std::uint64_t net_used = 0, net_limit = 0;
  std::uint64_t energy_used = 0, energy_limit = 0;
  std::uint64_t stakedBandwidthLeft() const {
    return net_limit > net_used ? net_limit - net_used : 0;
  }
  std::uint64_t freeBandwidthLeft() const {
    return free_net_limit > free_net_used ? free_net_limit - free_net_used : 0;
  }
  std::uint64_t stakedEnergyLeft() const {
    return energy_limit > energy_used ? energy_limit - energy_used : 0;
  }
};

// getchainparameters, the keys the fee rules use (absent = 0, as proto3 JSON omits zeros).
struct TronChainParameters {
  std::uint64_t transaction_fee = 0;         // sun per bandwidth byte
  std::uint64_t energy_fee = 0;              // sun per energy
  std::uint64_t create_account_fee = 0;      // sun, burned when staked bandwidth cannot pay
  std::uint64_t create_new_account_fee = 0;  // sun, getCreateNewAccountFeeInSystemContract
  std::uint64_t create_account_bandwidth_rate = 1;
  std::uint64_t max_fee_limit = 0;
};

// A simulated contract call (triggerconstantcontract): its energy — energy_used already
// includes energy_penalty (java-tron's documentation) — and its first return word.
struct TronConstantCall {
  std::uint64_t energy_used = 0;
  std::optional<UInt256> result;
};

class TronNodeClient {
 public:
  // `proxy_key`: the wallet's P2P key, for nodes behind the proxy service (NodeFailover).
  TronNodeClient(HttpClient& http, std::vector<CoinNode> nodes, std::uint64_t timeout_ms,
                 const Clock* clock, std::shared_ptr<const Ed25519Key> proxy_key = nullptr);

  // `path` is "/wallet/getnowblock" and the like.
  Task<Json> post(std::string path, Json body);

  Task<TronBlockRef> nowBlock();
  // nullopt when the node does not know the account (it answers `{}`).
  Task<std::optional<TronAccountState>> account(EthAddress address);
  Task<TronResources> resources(EthAddress address);
  Task<TronChainParameters> chainParameters();
  // `parameter` is the ABI-encoded arguments, without the selector. A call the node could not
  // run throws TronCallFailed.
  Task<TronConstantCall> triggerConstant(EthAddress owner, EthAddress contract,
                                         std::string function_selector, Bytes parameter);
  // Broadcasts a signed Transaction message; answers the txid.
  Task<std::string> broadcastHex(Bytes transaction);

  const std::vector<CoinNode>& nodes() const { return failover_.nodes(); }

 private:
  NodeFailover failover_;
};

// The contract call failed in the node's VM (REVERT, a missing contract): its message.
struct TronCallFailed : TransportFailure {
  explicit TronCallFailed(const std::string& message)
      : TransportFailure("The TRON node could not run the contract call: " + message, message) {}
};

}  // namespace walletd

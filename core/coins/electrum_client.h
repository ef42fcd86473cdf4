// ElectrumClient: JSON-RPC over a newline-delimited stream to a coin's Electrum servers (protocol
// 1.4), through the host's StreamConnector. It connects on demand to the first server that
// answers `server.version` (trying them in turn, starting with the one that answered last), keeps
// one connection, matches answers to requests by id and hands notifications to `on_notify`.
// A server that drops the connection, answers with something that is not JSON-RPC, or does not
// answer within the request timeout is closed and the call goes to the next server; when every
// server failed the call throws ElectrumUnavailable naming each. An error object is the server's
// answer (ElectrumError), not a failure.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "core/async/async_mutex.h"
#include "core/async/task.h"
#include "core/coins/transport_error.h"
#include "core/platform/executor.h"
#include "core/platform/stream_connector.h"
#include "core/rpc/json.h"

namespace walletd {

struct ElectrumUnavailable : TransportFailure {
  explicit ElectrumUnavailable(const std::string& message) : TransportFailure(message, message) {}
};

// A result of `method` in a shape the protocol does not give it.
[[noreturn]] inline void throwUnexpectedAnswer(const std::string& method) {
  throw ElectrumUnavailable("the Electrum server answered " + method + " in an unexpected form");
}

struct ElectrumError : TransportFailure {
  ElectrumError(const std::string& method, std::int64_t code_, const std::string& message_)
      : TransportFailure("the Electrum server refused " + method + ": " + message_, message_),
        code(code_) {}
  std::int64_t code;
};

class ElectrumClient {
 public:
  static constexpr std::uint64_t kConnectTimeoutMs = 5000;
  static constexpr std::uint64_t kDefaultRequestTimeoutMs = 20000;
  using Notify = std::function<void(const std::string& method, const Json& params)>;

  // `servers`: what the connector opens (tcp://host:port, ssl://..., wss://...).
  ElectrumClient(StreamConnector& connector, Executor& executor, std::vector<StreamTarget> servers,
                 std::uint64_t request_timeout_ms, Notify on_notify);
  ~ElectrumClient();
  ElectrumClient(const ElectrumClient&) = delete;
  ElectrumClient& operator=(const ElectrumClient&) = delete;

  static constexpr std::size_t kMaxBatch = 100;  // requests in one JSON-RPC batch

  // The `result` of `method(params)`; on the live connection, or a new one.
  Task<Json> call(std::string method, Json params);
  // Checks result `index` of a batch; answers "" when it is right, else what is wrong with it.
  using Validator = std::function<std::string(std::size_t index, const Json& result)>;

  // The results of `method` with each of `params_list`, sent as JSON-RPC batches of up to
  // kMaxBatch requests (one line, one round trip each). An error object fails the whole call.
  // A result `check` refuses marks the server as lying: it is closed and the call goes to the
  // next server.
  Task<std::vector<Json>> batch(std::string method, std::vector<Json> params_list,
                                Validator check = nullptr);
  // The tip's height (blockchain.headers.subscribe).
  Task<std::uint64_t> tipHeight();
  // blockchain.transaction.broadcast: the txid the server answers. A refusal is ElectrumError,
  // also when a protocol 1.0 server delivers it as the result ("258: txn-mempool-conflict").
  Task<std::string> broadcast(std::string tx_hex);
  // Lines of requests written so far (a batch is one): what activation benchmarks count.
  std::uint64_t batchesSent() const { return batches_sent_; }
  // Called after every (re)connection, before other calls on it: to subscribe again.
  void onConnected(std::function<Task<void>()> resubscribe) {
    resubscribe_ = std::move(resubscribe);
  }
  void close();

  struct Connection;  // one stream and its requests in flight (electrum_client.cpp)

 private:
  Task<std::shared_ptr<Connection>> connection();
  Task<std::shared_ptr<Connection>> open(std::size_t index);

  StreamConnector& connector_;
  Executor& executor_;
  std::vector<StreamTarget> servers_;
  std::uint64_t request_timeout_ms_;
  std::shared_ptr<Notify> on_notify_;  // dropped on close: a late line calls nothing
  std::function<Task<void>()> resubscribe_;
  AsyncMutex connecting_;
  std::shared_ptr<Connection> live_;
  std::size_t preferred_ = 0;
  std::uint64_t next_id_ = 1;
  std::uint64_t batches_sent_ = 0;
};

}  // namespace walletd

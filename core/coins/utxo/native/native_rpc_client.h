// NativeRpcClient: a coin daemon's JSON-RPC (Bitcoin Core and its forks) over the host's
// HttpClient with HTTP Basic authentication. The daemon answers an RPC error with HTTP 4xx/5xx
// and a JSON body: that is an answer (NativeRpcError, the daemon's code and message); no answer,
// a refused login (401/403) or a body that is not JSON-RPC is NativeRpcUnavailable.
#pragma once

#include <cstdint>
#include <string>

#include "core/coins/transport_error.h"
#include "core/coins/utxo/native/daemon_conf.h"
#include "core/platform/http_client.h"
#include "core/rpc/json.h"

namespace walletd {

struct NativeRpcUnavailable : TransportFailure {
  explicit NativeRpcUnavailable(const std::string& message) : TransportFailure(message, message) {}
};

struct NativeRpcError : TransportFailure {
  NativeRpcError(std::string method_, std::int64_t code_, const std::string& message_)
      : TransportFailure("the coin daemon refused " + method_ + ": " + message_, message_),
        method(std::move(method_)),
        code(code_),
        message(message_) {}
  std::string method;
  std::int64_t code;
  std::string message;
};

class NativeRpcClient {
 public:
  NativeRpcClient(HttpClient& http, DaemonRpcAccess access, std::uint64_t timeout_ms = 30000);

  // The `result` of `method(params)`.
  Task<Json> call(std::string method, Json params);
  const std::string& url() const { return access_.url; }

 private:
  HttpClient& http_;
  DaemonRpcAccess access_;
  std::string authorization_;
  std::uint64_t timeout_ms_;
  std::uint64_t next_id_ = 1;
};

}  // namespace walletd

// A coin daemon's JSON-RPC.
#include "core/coins/utxo/native/native_rpc_client.h"

#include "core/encoding/base64.h"

namespace walletd {

NativeRpcClient::NativeRpcClient(HttpClient& http, DaemonRpcAccess access, std::uint64_t timeout_ms)
    : http_(http),
      access_(std::move(access)),
      authorization_("Basic " + base64Encode(asBytes(access_.user + ":" + access_.password))),
      timeout_ms_(timeout_ms) {}

Task<Json> NativeRpcClient::call(std::string method, Json params) {
  const std::uint64_t id = next_id_++;
  HttpRequest request;
  request.method = "POST";
  request.url = access_.url;
  request.headers = {{"Content-Type", "application/json"}, {"Authorization", authorization_}};
  request.body =
      Json{{"jsonrpc", "1.0"}, {"id", id}, {"method", method}, {"params", std::move(params)}}
          .dump();
  request.timeout_ms = timeout_ms_;
  HttpResponse response;
  try {
    response = co_await http_.request(std::move(request));
  } catch (const TransportError& e) {
    throw NativeRpcUnavailable("the coin daemon at " + access_.url + " did not answer " + method +
                               ": " + e.what());
  }
  if (response.status == 401 || response.status == 403) {
    throw NativeRpcUnavailable("the coin daemon at " + access_.url +
                               " refused the rpcuser/rpcpassword of its conf file");
  }
  const Json parsed = Json::parse(response.body, nullptr, false);
  if (parsed.is_discarded() || !parsed.is_object() || !parsed.contains("result")) {
    throw NativeRpcUnavailable("the coin daemon at " + access_.url + " gave HTTP " +
                               std::to_string(response.status) + " without a JSON-RPC answer to " +
                               method);
  }
  const Json& error = parsed.contains("error") ? parsed["error"] : Json();
  if (!error.is_null()) {
    const std::string message =
        error.is_object() && error.contains("message") && error["message"].is_string()
            ? error["message"].get<std::string>()
            : error.dump();
    const std::int64_t code =
        error.is_object() && error.contains("code") && error["code"].is_number_integer()
            ? error["code"].get<std::int64_t>()
            : 0;
    throw NativeRpcError(method, code, message);
  }
  co_return parsed["result"];
}

}  // namespace walletd

// LightwalletdClient. A server that cannot be reached or answers something other than gRPC-web is
// skipped for the next one; a gRPC status from a server is its answer (every server would give
// the same), as is a message that does not decode.
#include "core/coins/zhtlc/lightwalletd/lightwalletd_client.h"

#include <optional>

#include "core/coins/zhtlc/lightwalletd/grpc_web.h"
#include "core/encoding/protobuf.h"

namespace walletd {
namespace {

constexpr std::uint64_t kUnaryTimeoutMs = 30000;
constexpr std::uint64_t kStreamTimeoutMs = 300000;  // a long GetBlockRange

// One message, or LightwalletdFailure.
const Bytes& single(const std::vector<Bytes>& messages, const std::string& method) {
  if (messages.size() != 1) {
    throw LightwalletdFailure(method + " answered " + std::to_string(messages.size()) +
                              " messages instead of one");
  }
  return messages.front();
}

template <typename Decode>
auto decoded(Decode decode, ByteView message, const std::string& method) {
  try {
    return decode(message);
  } catch (const ProtoError& e) {
    throw LightwalletdFailure(method + " answered a damaged message: " + e.what());
  }
}

}  // namespace

LightwalletdClient::LightwalletdClient(HttpClient& http, std::vector<std::string> urls,
                                       std::string service)
    : http_(http), urls_(std::move(urls)), service_(std::move(service)) {}

Task<std::vector<Bytes>> LightwalletdClient::call(std::string method, Bytes request) {
  const std::string path = "/" + service_ + "/" + method;
  const std::uint64_t timeout = method == "GetBlockRange" ? kStreamTimeoutMs : kUnaryTimeoutMs;
  std::string failures;
  for (const std::string& url : urls_) {
    std::string why;
    std::optional<GrpcError> refused;  // thrown after the handler (no throw inside it in wasm)
    try {
      // The daemon speaks gRPC over HTTP/2 as KDF's native build; a browser, gRPC-web.
      const bool h2 = http_.speaksHttp2();
      HttpRequest call = h2 ? grpcRequest(url, path, request, timeout)
                            : grpcWebRequest(url, path, request, timeout);
      const HttpResponse response = co_await http_.request(std::move(call));
      co_return h2 ? grpcMessages(response) : grpcWebMessages(response);
    } catch (const TransportError& e) {
      why = e.what();
    } catch (const GrpcError& e) {
      if (e.grpc_status >= 0) refused = e;
      why = e.what();
    }
    if (refused) throw LightwalletdFailure(url + ": " + method + ": " + refused->what());
    failures += (failures.empty() ? "" : "; ") + url + ": " + why;
  }
  throw LightwalletdFailure(failures.empty() ? "no lightwalletd server is configured" : failures);
}

Task<BlockId> LightwalletdClient::latestBlock() {
  const std::string method = "GetLatestBlock";
  const std::vector<Bytes> messages = co_await call(method, Bytes{});
  co_return decoded(&decodeBlockId, single(messages, method), method);
}

Task<std::vector<CompactBlock>> LightwalletdClient::blockRange(std::uint64_t start,
                                                               std::uint64_t end) {
  const std::string method = "GetBlockRange";
  const std::vector<Bytes> messages = co_await call(method, encodeBlockRange(start, end));
  std::vector<CompactBlock> blocks;
  blocks.reserve(messages.size());
  for (const Bytes& message : messages)
    blocks.push_back(decoded(&decodeCompactBlock, message, method));
  co_return blocks;
}

Task<TreeState> LightwalletdClient::treeState(std::uint64_t height) {
  const std::string method = "GetTreeState";
  const std::vector<Bytes> messages = co_await call(method, encodeBlockId(height));
  co_return decoded(&decodeTreeState, single(messages, method), method);
}

}  // namespace walletd

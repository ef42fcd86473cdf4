// LightwalletdClient: the calls of KDF's ZHTLC light client to lightwalletd's CompactTxStreamer
// that walletd needs (GetLatestBlock, GetBlockRange, GetTreeState; full transactions and
// broadcasts go over Electrum, zhtlc_transparent.h, as KDF's do), over gRPC on
// HTTP/2 where the host's HttpClient speaks it (the daemon) and gRPC-web otherwise (browsers),
// failing over across the activation's servers in order. The service's package is Pirate's
// (`pirate.wallet.sdk.rpc`) unless the coin names another.
// Every failure is LightwalletdFailure (a TransportFailure): no server answered, or a server
// answered a gRPC error or a damaged message.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "core/coins/transport_error.h"
#include "core/coins/zhtlc/lightwalletd/compact_formats.h"
#include "core/platform/http_client.h"

namespace walletd {

struct LightwalletdFailure : TransportFailure {
  explicit LightwalletdFailure(const std::string& why)
      : TransportFailure("No lightwalletd server answered", why) {}
};

class LightwalletdClient {
 public:
  static constexpr const char* kPirateService = "pirate.wallet.sdk.rpc.CompactTxStreamer";

  LightwalletdClient(HttpClient& http, std::vector<std::string> urls,
                     std::string service = kPirateService);

  Task<BlockId> latestBlock();
  // Blocks start..end inclusive, in order (one server-streaming call).
  Task<std::vector<CompactBlock>> blockRange(std::uint64_t start, std::uint64_t end);
  Task<TreeState> treeState(std::uint64_t height);

 private:
  // The messages of `method`'s answer from the first server that gives one.
  Task<std::vector<Bytes>> call(std::string method, Bytes request);

  HttpClient& http_;
  std::vector<std::string> urls_;
  std::string service_;
};

}  // namespace walletd

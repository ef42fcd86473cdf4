// CoinNode parsing.
#include "core/coins/coin_node.h"

#include "core/rpc/params_reader.h"

namespace walletd {

CoinNode CoinNode::fromJson(const Json& value, const std::string& path) {
  ParamsReader r(value, path, false);
  CoinNode node;
  node.url = r.required<std::string>("url");
  node.websocket = node.url.rfind("ws://", 0) == 0 || node.url.rfind("wss://", 0) == 0;
  if (!node.websocket && node.url.rfind("http://", 0) != 0 && node.url.rfind("https://", 0) != 0) {
    throwInvalidParams(r.fieldPath("url") + ": must start with http://, https://, ws:// or wss://");
  }
  // The spec names the flag `<vendor>_auth`; KDF's name is `komodo_proxy`. Both are accepted.
  const bool a = r.optionalOr<bool>("komodo_proxy", false);
  const bool b = r.optionalOr<bool>("komodo_auth", false);
  node.proxy_auth = a || b;
  r.ignoreUnknown();
  return node;
}

}  // namespace walletd

// CoinNode parsing.
#include "core/coins/coin_node.h"

#include "core/rpc/params_reader.h"

namespace walletd {

CoinNode CoinNode::fromJson(const Json& value, const std::string& path) {
  ParamsReader r(value, path, false);
  CoinNode node;
  node.url = r.required<std::string>("url");
  if (node.url.rfind("http://", 0) != 0 && node.url.rfind("https://", 0) != 0) {
    throwInvalidParams(r.fieldPath("url") + ": must start with http:// or https://");
  }
  // The spec names the flag `<vendor>_auth`; KDF's name is `komodo_proxy`. Both are accepted.
  const bool a = r.optionalOr<bool>("komodo_proxy", false);
  const bool b = r.optionalOr<bool>("komodo_auth", false);
  node.proxy_auth = a || b;
  r.rejectUnknown({"gui_auth", "ws_url"});
  return node;
}

}  // namespace walletd

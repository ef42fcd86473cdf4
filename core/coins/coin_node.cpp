// CoinNode parsing.
#include "core/coins/coin_node.h"

#include "core/rpc/schema.h"

namespace walletd {
namespace {

// The spec names the flag `<vendor>_auth`; KDF's name is `komodo_proxy`. Both are accepted.
struct NodeFields {
  std::string url;
  bool komodo_proxy = false;
  bool komodo_auth = false;
  static const ObjectSchema<NodeFields>& schema() {
    static const auto s =
        ObjectSchema<NodeFields>()
            .required("url", &NodeFields::url, nullptr,
                      [](const std::string& url, const std::string& path) {
                        if (url.rfind("http://", 0) != 0 && url.rfind("https://", 0) != 0 &&
                            url.rfind("ws://", 0) != 0 && url.rfind("wss://", 0) != 0)
                          throwInvalidParams(path +
                                             ": must start with http://, "
                                             "https://, ws:// or wss://");
                      })
            .fallback("komodo_proxy", &NodeFields::komodo_proxy, false)
            .fallback("komodo_auth", &NodeFields::komodo_auth, false);
    return s;
  }
};

}  // namespace

CoinNode CoinNode::fromJson(const Json& value, const std::string& path) {
  const NodeFields fields = NodeFields::schema().fromJson(value, path);
  CoinNode node;
  node.url = fields.url;
  node.websocket = node.url.rfind("ws://", 0) == 0 || node.url.rfind("wss://", 0) == 0;
  node.proxy_auth = fields.komodo_proxy || fields.komodo_auth;
  return node;
}

std::string CoinNode::declaredType() {
  return NodeFields::schema().ts();
}

}  // namespace walletd

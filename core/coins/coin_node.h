// CoinNode (spec): one node of a coin, as activation requests list them.
#pragma once

#include <string>

#include "core/rpc/json.h"

namespace walletd {

struct CoinNode {
  std::string url;
  bool proxy_auth = false;  // spec `<vendor>_auth`; KDF's `komodo_proxy`
  // ws:// or wss://: KDF's web builds append one; walletd talks to nodes over HTTP(S) and skips it.
  bool websocket = false;
  static CoinNode fromJson(const Json& value,
                           const std::string& path);  // unknown keys ignored (KDF's EthNode)
};

}  // namespace walletd

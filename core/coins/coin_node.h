// CoinNode (spec): one node of a coin, as activation requests list them.
#pragma once

#include <string>

#include "core/rpc/json.h"

namespace walletd {

struct CoinNode {
  std::string url;
  bool proxy_auth = false;  // spec `<vendor>_auth`; KDF's `komodo_proxy`
  static CoinNode fromJson(const Json& value, const std::string& path);  // strict
};

}  // namespace walletd

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
  // Unknown keys ignored (KDF's EthNode); typed as the declared CoinNode.
  static CoinNode fromJson(const Json& value, const std::string& path);
  static std::string tsType() { return "CoinNode"; }
  static std::string declaredType();  // CoinNode's definition, from its schema
};

}  // namespace walletd

// A scripted EVM JSON-RPC node for unit tests: chain id, block 7 and one balance for every
// address; other methods answer null.
#pragma once

#include <string>

#include "core/rpc/json.h"
#include "tests/unit/scripted_http_client.h"

namespace walletd::test {

constexpr const char* kNode = "http://node.test";  // the scripted node's URL
// Ganache's deterministic account 0 as an Iguana passphrase:
// 0x90F8bf6A479f320ead074411a4B0e7944Ea8c9C1.
constexpr const char* kKey = "0x4f3edf983ac636a65a842ce7c78d9aa706d3b113bce9c46f30d7d21715b23b1d";

inline void scriptEthNode(ScriptedHttpClient& http, const std::string& url,
                          std::string chain_id = "0x539", std::string balance_wei = "0x0") {
  http.on(url, [chain_id, balance_wei](const HttpRequest& r) {
    const Json call = Json::parse(r.body);
    Json result;
    if (call["method"] == "eth_chainId") result = chain_id;
    if (call["method"] == "eth_blockNumber") result = "0x7";
    if (call["method"] == "eth_getBalance") result = balance_wei;
    return HttpResponse{
        200, {}, Json{{"jsonrpc", "2.0"}, {"id", call["id"]}, {"result", result}}.dump()};
  });
}

}  // namespace walletd::test

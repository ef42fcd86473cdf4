// A scripted EVM JSON-RPC node for unit tests: chain id, block 7 and one balance for every
// address; other methods answer null.
#pragma once

#include <string>

#include "core/rpc/json.h"
#include "tests/unit/scripted_http_client.h"

namespace walletd::test {

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

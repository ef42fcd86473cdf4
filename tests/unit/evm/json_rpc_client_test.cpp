// JsonRpcClient: failover order, what counts as a failed node, JSON-RPC errors, CoinNode parsing.
#include <catch2/catch.hpp>

#include "core/coins/json_rpc_client.h"
#include "core/rpc/rpc_error.h"
#include "tests/unit/scripted_http_client.h"
#include "tests/unit/test_support.h"

using namespace walletd;
using namespace walletd::test;

namespace {

HttpResponse reply(int status, std::string body) {
  return {status, {}, std::move(body)};
}

// Answers {"result": <value>} echoing the request id.
ScriptedHttpClient::Responder result(Json value) {
  return [value](const HttpRequest& r) {
    const Json request = Json::parse(r.body);
    return reply(200, Json{{"jsonrpc", "2.0"}, {"id", request["id"]}, {"result", value}}.dump());
  };
}

struct Fixture {
  ManualClock clock;
  LoopExecutor loop{clock};
  ScriptedHttpClient http;
  Json call(JsonRpcClient& client, const char* method = "eth_chainId") {
    return runTask(loop, clock, client.call(method, Json::array()));
  }
};

}  // namespace

TEST_CASE(
    "JsonRpcClient fails over past dead, 5xx and malformed nodes, then prefers the good one") {
  Fixture f;
  f.http.on("http://b", [](const HttpRequest&) { return reply(502, "bad gateway"); });
  f.http.on("http://c", [](const HttpRequest&) { return reply(200, "<html>"); });
  f.http.on("http://d", result("0x539"));
  JsonRpcClient client(f.http, {{"http://a"}, {"http://b"}, {"http://c"}, {"http://d"}});
  CHECK(f.call(client) == "0x539");
  CHECK(f.http.requests.size() == 4);
  const Json sent = Json::parse(f.http.requests[0].body);
  CHECK((sent["jsonrpc"] == "2.0" && sent["method"] == "eth_chainId" &&
         sent["params"] == Json::array()));
  CHECK(f.http.requests[0].method == "POST");
  CHECK(f.call(client) == "0x539");
  CHECK(f.http.requests.size() == 5);  // straight to the node that answered last
  CHECK(f.http.requests[4].url == "http://d");
}

TEST_CASE("JsonRpcClient names every node when none answers") {
  Fixture f;
  f.http.on("http://b", [](const HttpRequest&) { return reply(503, ""); });
  f.http.on("http://c", [](const HttpRequest&) {
    return reply(200, R"({"jsonrpc":"2.0","id":999,"result":1})");
  });
  JsonRpcClient client(f.http, {{"http://a"}, {"http://b"}, {"http://c"}});
  CHECK_THROWS_WITH(
      f.call(client),
      "no node answered eth_chainId: http://a: connection refused; http://b: HTTP 503; "
      "http://c: a JSON-RPC response for another request id");
  JsonRpcClient none(f.http, {});
  CHECK_THROWS_AS(f.call(none), NodesUnavailable);
}

TEST_CASE("a JSON-RPC error is the node's answer and is not retried elsewhere") {
  Fixture f;
  f.http.on("http://a", [](const HttpRequest& r) {
    const Json request = Json::parse(r.body);
    return reply(200, Json{{"jsonrpc", "2.0"},
                           {"id", request["id"]},
                           {"error", {{"code", -32000}, {"message", "nonce too low"}}}}
                          .dump());
  });
  f.http.on("http://b", result("0x1"));
  JsonRpcClient client(f.http, {{"http://a"}, {"http://b"}});
  try {
    f.call(client, "eth_sendRawTransaction");
    FAIL("expected JsonRpcError");
  } catch (const JsonRpcError& e) {
    CHECK(e.code == -32000);
    CHECK(std::string(e.what()) == "nonce too low");
    CHECK(e.node == "http://a");
  }
  CHECK(f.http.requests.size() == 1);
}

TEST_CASE("CoinNode accepts KDF's and the spec's proxy flag, ignores unknown keys, marks ws://") {
  CHECK(
      CoinNode::fromJson(Json::parse(R"({"url":"https://node.example","komodo_proxy":true})"), "n")
          .proxy_auth);
  CHECK(CoinNode::fromJson(Json::parse(R"({"url":"http://127.0.0.1:8545"})"), "n").url ==
        "http://127.0.0.1:8545");
  // KDF's EthNode has no deny_unknown_fields; older clients still send gui_auth.
  CHECK(CoinNode::fromJson(Json::parse(R"({"url":"http://x","gui_auth":false,"other":1})"), "n")
            .url == "http://x");
  CHECK(CoinNode::fromJson(Json::parse(R"({"url":"wss://x/ws"})"), "n").websocket);
  CHECK_FALSE(CoinNode::fromJson(Json::parse(R"({"url":"https://x"})"), "n").websocket);
  for (const char* bad : {R"({})", R"({"url":5})", R"({"url":"ftp://x"})",
                          R"({"url":"http://x","komodo_proxy":"yes"})"}) {
    CAPTURE(bad);
    CHECK_THROWS_AS(CoinNode::fromJson(Json::parse(bad), "n"), RpcError);
  }
}

// The EVM withdraw pipeline's key-source seam (evm_key_source.h): a key source defined in this
// file — a stand-in for a session wallet that signs only while sending — is given to an
// activated platform, and the shared `withdraw` and `sign_raw_transaction` use it with no branch
// of their own: broadcast is required, the source sends walletd's planned transaction, the node
// is never handed raw bytes, and offline signing is refused.
#include <catch2/catch.hpp>

#include "core/coins/evm/evm_coins.h"
#include "tests/unit/scripted_eth_node.h"
#include "tests/unit/test_support.h"

using namespace walletd;
using namespace walletd::test;

namespace {

constexpr const char* kTo = "0x9858EfFD232B4033E47d90003D41EC34EcaEda94";

struct SentLog {
  std::vector<EvmTransaction> sent;
  EthAddress from{};
};

class ToySessionKeys : public EvmKeySource {
 public:
  explicit ToySessionKeys(SentLog& log) : log_(log) {}
  bool signsOnlyWhenSending() const override { return true; }
  bool keysElsewhere() const override { return true; }
  Task<std::optional<EvmTransaction::Signed>> sign(const KeccakAccountKey&, const EvmTransaction&,
                                                   bool, const WithdrawProgress&) const override {
    co_return std::nullopt;
  }
  Task<std::string> send(EthPlatform&, EthAddress from, EvmTransaction tx,
                         std::optional<EvmTransaction::Signed> signed_tx) const override {
    REQUIRE(!signed_tx);
    log_.from = from;
    log_.sent.push_back(std::move(tx));
    co_return std::string(64, 'a');
  }

 private:
  SentLog& log_;
};

// A node with 1 ETH for everyone, nonce 3, gas price 1 gwei and a 21000 estimate; its fee
// history has ganache's shape, or is null (a node without the method) when `no_fee_history`.
void scriptNode(TestNode& t, bool no_fee_history = false) {
  t.http.on(kNode, [no_fee_history](const HttpRequest& r) {
    const Json call = Json::parse(r.body);
    const std::string method = call["method"];
    Json result;
    if (method == "eth_chainId") result = "0x539";
    if (method == "eth_blockNumber") result = "0x7";
    if (method == "eth_getBalance") result = "0xde0b6b3a7640000";
    if (method == "eth_getTransactionCount") result = "0x3";
    if (method == "eth_gasPrice") result = "0x3b9aca00";
    if (method == "eth_estimateGas") result = "0x5208";
    if (method == "eth_feeHistory" && !no_fee_history) {
      result = Json::parse(R"({"oldestBlock":"0x3","baseFeePerGas":["0x342770c0","0x2da282a8",
        "0x27e6c5f9","0x22e0f9a5","0x1e7fa2b1","0x1ab6f2a1"],"gasUsedRatio":[0,0,0,0,0],
        "reward":[["0x0"],["0x0"],["0x0"],["0x0"],["0x0"]]})");
    }
    return HttpResponse{
        200, {}, Json{{"jsonrpc", "2.0"}, {"id", call["id"]}, {"result", result}}.dump()};
  });
}

int callsOf(const TestNode& t, const std::string& method) {
  int n = 0;
  for (const HttpRequest& r : t.http.requests) n += Json::parse(r.body)["method"] == method;
  return n;
}

}  // namespace

TEST_CASE("another EVM key source serves withdraw and sign_raw_transaction without a branch") {
  TestNode t(Json{{"passphrase", kKey}}, walletdCoins());
  scriptNode(t);
  REQUIRE(t.rpc("enable_eth_with_tokens",
                Json{{"ticker", "ETH-ganache"}, {"nodes", {{{"url", kNode}}}}})
              .contains("result"));
  auto platform = std::dynamic_pointer_cast<EthPlatform>(t.node.activeCoins().find("ETH-ganache"));
  REQUIRE(platform);
  SentLog log;
  platform->useKeySource(std::make_unique<ToySessionKeys>(log));
  const Json withdraw = Json{{"coin", "ETH-ganache"}, {"to", kTo}, {"amount", "0.25"}};

  int code = 0;
  CHECK(t.rpc("withdraw", withdraw, &code)["error_type"] == "BroadcastExpected");
  CHECK(log.sent.empty());

  Json broadcast = withdraw;
  broadcast["broadcast"] = true;
  const Json r = t.rpc("withdraw", broadcast, &code);
  INFO(r.dump());
  REQUIRE(r.contains("result"));
  CHECK(r["result"]["tx_hash"] == std::string(64, 'a'));
  CHECK(r["result"]["tx_hex"] == "");
  REQUIRE(log.sent.size() == 1);
  CHECK(log.from == platform->address());
  CHECK(log.sent[0].nonce == UInt256(3));
  CHECK(log.sent[0].value == *UInt256::fromDecimal("0.25", 18));
  CHECK(log.sent[0].gas_limit == 21000);
  CHECK(log.sent[0].max_fee_per_gas == *UInt256(0x1ab6f2a1).mulSmall(2)->add(UInt256(1000000000)));
  CHECK(callsOf(t, "eth_sendRawTransaction") == 0);

  const Json raw = t.rpc("sign_raw_transaction",
                         Json{{"coin", "ETH-ganache"},
                              {"type", "ETH"},
                              {"tx", {{"to", kTo}, {"value", "1"}, {"gas_limit", 21000}}}},
                         &code);
  CHECK(raw["error_type"] == "InvalidParam");
  CHECK(t.rpc("get_private_keys", Json{{"coins", {"ETH-ganache"}}, {"mode", "iguana"}})
            .contains("error"));
}

TEST_CASE("a node answering eth_feeHistory with null is a clear peer error, not an internal one") {
  TestNode t(Json{{"passphrase", kKey}}, walletdCoins());
  scriptNode(t, true);
  REQUIRE(t.rpc("enable_eth_with_tokens",
                Json{{"ticker", "ETH-ganache"}, {"nodes", {{{"url", kNode}}}}})
              .contains("result"));
  const Json r = t.rpc("withdraw", Json{{"coin", "ETH-ganache"}, {"to", kTo}, {"amount", "0.25"}});
  INFO(r.dump());
  CHECK(r["error_type"] == "Transport");
  CHECK(r["error_data"].get<std::string>().find("eth_feeHistory") != std::string::npos);
}

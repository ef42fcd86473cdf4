// The EVM readers against every recorded Ethereum JSON-RPC answer of tests/data/recorded/ethereum
// (geth's answers in ethereum/execution-apis): JsonRpcClient and what EthPlatform, the fee plan,
// the gas estimate and the broadcast make of each — the value read, or the error raised. Every
// recording's id is rewritten to the request's (docs/recordings.md).
#include <catch2/catch.hpp>

#include <map>

#include "core/coins/evm/eth_fee_plan.h"
#include "core/coins/evm/eth_withdraw.h"
#include "core/coins/evm/evm_coins.h"
#include "core/encoding/hex.h"
#include "tests/unit/recorded/recorded.h"

using namespace walletd;
using namespace walletd::test;

namespace {

constexpr const char* kEth = "http://eth";

struct Fixture : TaskLoop {
  ScriptedHttpClient http;
  EthAddress token = parseEthAddress("0x00000000000000000000000000000000000000aa", false);

  // Answers each method with its recording (the file under ethereum/), id rewritten.
  void serve(std::map<std::string, std::string> by_method) {
    http.on(kEth, [by_method](const HttpRequest& r) {
      const Json request = Json::parse(r.body);
      const std::string& file = by_method.at(request["method"].get<std::string>());
      return HttpResponse{200, {}, withId(recorded("ethereum/" + file), request["id"])};
    });
  }
  // A platform over the recorded node; `max_tx_type` 2 estimates EIP-1559 fees.
  EthPlatform platform(int max_tx_type = 0) {
    PrivateKey key{};
    key[31] = 1;
    return EthPlatform("ETH", 1, max_tx_type, JsonRpcClient(http, {{kEth}}, 5000, &clock),
                       KeccakAccountKey::fromKey(key, ""), nullptr, loop, clock);
  }
  const Json sent(std::size_t i) const { return Json::parse(http.requests.at(i).body); }
};

// The JsonRpcError a call throws (FAIL when it throws none).
template <typename T>
JsonRpcError refusal(Fixture& f, Task<T> task) {
  try {
    f.run(std::move(task));
  } catch (const JsonRpcError& e) {
    return e;
  }
  FAIL("expected JsonRpcError");
  throw std::logic_error("unreachable");
}

}  // namespace

TEST_CASE("recorded Ethereum eth_chainId: a 7-byte quantity of odd length", "[recorded]") {
  Fixture f;
  f.serve({{"eth_chainId", "eth_chainId-execution-apis.json"}});
  JsonRpcClient client(f.http, {{kEth}}, 5000, &f.clock);
  const Json answer = f.run(client.call("eth_chainId", Json::array()));
  // The activation's reader (eth_platform_activator.cpp) compares this with the coins file.
  CHECK(UInt256::fromHexQuantity(answer.get<std::string>()) == UInt256(3503995874084926));
}

TEST_CASE("recorded Ethereum eth_blockNumber, eth_getBalance, eth_getTransactionCount",
          "[recorded]") {
  Fixture f;
  f.serve({{"eth_blockNumber", "eth_blockNumber-execution-apis.json"},
           {"eth_getBalance", "eth_getBalance-execution-apis.json"},
           {"eth_getTransactionCount", "eth_getTransactionCount-execution-apis.json"}});
  EthPlatform eth = f.platform();
  CHECK(f.run(eth.currentBlock()) == 20);
  CHECK(f.run(eth.balanceWei()) == UInt256(0x73));
  CHECK(f.run(eth.transactionCount(eth.address(), "pending")) == UInt256(1));
  CHECK(f.sent(2)["params"] == Json::array({eip55Checksum(eth.address()), "pending"}));

  f.serve({{"eth_getBalance", "eth_getBalance-unknown-account-execution-apis.json"}});
  CHECK(f.run(eth.balanceWei()) == UInt256(0));
}

TEST_CASE("recorded Ethereum eth_gasPrice and eth_feeHistory: the estimated fee plans",
          "[recorded]") {
  Fixture f;
  f.serve({{"eth_gasPrice", "eth_gasPrice-execution-apis.json"},
           {"eth_feeHistory", "eth_feeHistory-execution-apis.json"}});
  EthPlatform legacy = f.platform(0);
  const EvmFeePlan price = f.run(estimateFeePlan(legacy));
  CHECK(price.type == EvmTransaction::Type::Legacy);
  CHECK(price.gas_price == UInt256(1671530653));

  // The last baseFeePerGas (the next block's) doubled, plus the median reward raised to 1 gwei.
  EthPlatform eip1559 = f.platform(2);
  const EvmFeePlan plan = f.run(estimateFeePlan(eip1559));
  CHECK(plan.type == EvmTransaction::Type::Eip1559);
  CHECK(plan.priority_fee == UInt256(1000000000));
  CHECK(plan.max_fee == UInt256(2 * 671530653ull + 1000000000));
}

TEST_CASE("recorded Ethereum eth_estimateGas: 21000; a revert is the node's error code 3",
          "[recorded]") {
  Fixture f;
  f.serve({{"eth_estimateGas", "eth_estimateGas-simple-transfer-execution-apis.json"}});
  EthPlatform eth = f.platform();
  EvmTransaction tx;
  tx.to = f.token;
  CHECK(f.run(estimateGasLimit(eth, eth.address(), tx)) == 21000);

  f.serve({{"eth_estimateGas", "eth_estimateGas-revert-execution-apis.json"}});
  const JsonRpcError e = refusal(f, estimateGasLimit(eth, eth.address(), tx));
  CHECK(e.code == 3);
  CHECK(std::string(e.what()) == "execution reverted");
  CHECK(e.data == "0x77726f6e672d63616c6c6461746173697a65");
}

TEST_CASE("recorded Ethereum eth_call: balanceOf of no code, of a short answer, of a revert",
          "[recorded]") {
  Fixture f;
  EthPlatform eth = f.platform();
  // "0x": no contract at the address. A contract error, not NodesUnavailable (a node outage).
  f.serve({{"eth_call", "eth_call-no-code-empty-result-execution-apis.json"}});
  try {
    f.run(eth.tokenBalance(f.token));
    FAIL("expected a TransportFailure");
  } catch (const TransportFailure& e) {
    CHECK(dynamic_cast<const NodesUnavailable*>(&e) == nullptr);
    CHECK(std::string(e.what()) == "the token contract " + eip55Checksum(f.token) +
                                       " answered balanceOf with no data: the address has no "
                                       "contract code on this chain");
  }
  f.serve({{"eth_call", "eth_call-short-return-execution-apis.json"}});
  try {
    f.run(eth.tokenBalance(f.token));
    FAIL("expected a TransportFailure");
  } catch (const TransportFailure& e) {
    CHECK(dynamic_cast<const NodesUnavailable*>(&e) == nullptr);
    CHECK_THAT(e.what(), Catch::EndsWith("answered balanceOf with 2 bytes, not a 32-byte word"));
  }
  f.serve({{"eth_call", "eth_call-revert-error-string-execution-apis.json"}});
  const JsonRpcError e = refusal(f, eth.tokenBalance(f.token));
  CHECK(e.code == 3);
  CHECK(std::string(e.what()) == "execution reverted: user error");
  CHECK(e.data.get<std::string>().rfind("0x08c379a0", 0) == 0);
}

TEST_CASE("recorded Ethereum eth_sendRawTransaction: the hash; the node's refusals and codes",
          "[recorded]") {
  Fixture f;
  EthPlatform eth = f.platform();
  const Bytes tx = fromHex("02f86a");
  f.serve(
      {{"eth_sendRawTransaction", "eth_sendRawTransaction-ok-dynamic-fee-execution-apis.json"}});
  CHECK(f.run(evmSendRawTransaction(eth, tx)) ==
        "e3f31d5aeeadc122865c5e666d6c540c93066d58e46761a71f5d1fb3ce6be93f");
  CHECK(f.sent(0)["params"] == Json::array({"0x02f86a"}));

  const std::pair<const char*, std::int64_t> refused[] = {
      {"eth_sendRawTransaction-nonce-too-low-execution-apis.json", 1},
      {"eth_sendRawTransaction-already-known-execution-apis.json", 1000},
      {"eth_sendRawTransaction-insufficient-funds-execution-apis.json", 809},
  };
  for (const auto& [file, code] : refused) {
    CAPTURE(file);
    f.serve({{"eth_sendRawTransaction", file}});
    const JsonRpcError e = refusal(f, evmSendRawTransaction(eth, tx));
    CHECK(e.code == code);
    const Json line = Json::parse(recorded(std::string("ethereum/") + file));
    CHECK(std::string(e.what()) == line["error"]["message"].get<std::string>());
  }
}

// No recording has one: the body is JSON-RPC 2.0's own example (specification §7, "rpc call with
// invalid JSON"). Before, it was skipped as an answer "for another request id".
TEST_CASE("recorded Ethereum: an error with a null id is the node's answer to the request",
          "[recorded]") {
  Fixture f;
  f.http.on(kEth, [](const HttpRequest&) {
    return HttpResponse{
        200, {}, R"({"jsonrpc":"2.0","error":{"code":-32700,"message":"Parse error"},"id":null})"};
  });
  f.http.on("http://other", [](const HttpRequest&) {
    return HttpResponse{200, {}, R"({"jsonrpc":"2.0","id":1,"result":"0x1"})"};
  });
  JsonRpcClient client(f.http, {{kEth}, {"http://other"}}, 5000, &f.clock);
  const JsonRpcError e = refusal(f, client.call("eth_chainId", Json::array()));
  CHECK(e.code == -32700);
  CHECK(std::string(e.what()) == "Parse error");
  CHECK(e.node == kEth);
  CHECK(f.http.requests.size() == 1);  // not retried on the other node
}

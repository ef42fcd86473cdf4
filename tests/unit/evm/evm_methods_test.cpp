// EVM methods against a scripted JSON-RPC node (runs natively and under node): activation answers,
// refusals that need no real chain, and the swap fee policy kept in storage.
#include <catch2/catch.hpp>

#include "tests/unit/scripted_eth_node.h"
#include "tests/unit/test_support.h"

using namespace walletd;
using namespace walletd::test;

namespace {

// A node on chain 1337 at block 7 holding 2.5 ETH for everyone.
void scriptNode(TestNode& t, const char* chain_id = "0x539") {
  scriptEthNode(t.http, kNode, chain_id, "0x22b1c8c1227a0000");
}

Json activate(TestNode& t, int* status = nullptr) {
  return t.rpc("enable_eth_with_tokens",
               Json{{"ticker", "ETH-ganache"}, {"nodes", {{{"url", kNode}}}}}, status);
}

}  // namespace

TEST_CASE("enable_eth_with_tokens answers KDF's Iguana shape from the node's figures") {
  TestNode t(Json{{"passphrase", kKey}}, walletdCoins());
  scriptNode(t);
  const Json r = activate(t)["result"];
  const std::string address = "0x90F8bf6A479f320ead074411a4B0e7944Ea8c9C1";  // ganache account 0
  CHECK(r["current_block"] == 7);
  CHECK(r["eth_addresses_infos"][address]["balances"] ==
        Json::parse(R"({"spendable":"2.5","unspendable":"0"})"));
  CHECK(r["eth_addresses_infos"][address]["derivation_method"] ==
        Json::parse(R"({"type":"Iguana"})"));
  CHECK(r["erc20_addresses_infos"][address]["balances"] == Json::object());
  CHECK(t.rpc("my_balance", Json{{"coin", "ETH-ganache"}})["result"]["balance"] == "2.5");
  int status = 0;
  CHECK(activate(t, &status)["error_type"] == "PlatformIsAlreadyActivated");
  CHECK(status == 400);
}

TEST_CASE("a node on another chain is refused and nothing is registered") {
  TestNode t(Json{{"passphrase", kKey}}, walletdCoins());
  scriptNode(t, "0x1");
  int status = 0;
  const Json r = activate(t, &status);
  CHECK(status == 500);
  CHECK(r["error_type"] == "PlatformCoinCreationError");
  CHECK(t.rpc("get_enabled_coins")["result"]["coins"] == Json::array());
}

TEST_CASE("swap fee policy: default from the coins file, set, kept in storage, refusals") {
  TestNode t(Json{{"passphrase", kKey}}, walletdCoins());
  scriptNode(t);
  int status = 0;
  CHECK(t.rpc("get_swap_transaction_fee_policy", Json{{"coin", "ETH-ganache"}},
              &status)["error_type"] == "NoSuchCoin");
  activate(t);
  CHECK(t.rpc("get_swap_transaction_fee_policy", Json{{"coin", "ETH-ganache"}})["result"] ==
        "Internal");
  CHECK(t.rpc("set_swap_transaction_fee_policy",
              Json{{"coin", "ETH-ganache"}, {"swap_tx_fee_policy", "High"}})["result"] == "High");
  CHECK(t.rpc("get_swap_gas_fee_policy", Json{{"coin", "ETH-ganache"}})["result"] == "High");
  CHECK(runTask(t.loop, t.clock, t.storage.get("settings", "swap_tx_fee_policy/ETH-ganache")) ==
        std::optional<std::string>("High"));
  CHECK(t.rpc("set_swap_transaction_fee_policy",
              Json{{"coin", "ETH-ganache"}, {"swap_tx_fee_policy", "Fast"}},
              &status)["error_type"] == "InvalidRequest");
  CHECK(status == 400);
  // Unknown fields are ignored, as KDF's SwapTxFeePolicyRequest ignores them.
  CHECK(t.rpc("get_swap_transaction_fee_policy", Json{{"coin", "ETH-ganache"}, {"x", 1}},
              &status)["result"] == "High");
}

// HD activation of an EVM platform against a scripted node: the scan finds the last used address
// within the gap, path_to_address and min_addresses_number add addresses, the accounts are kept
// in storage (a known wallet is not rescanned), and a withdraw `from` is checked.
#include <catch2/catch.hpp>

#include "tests/unit/scripted_eth_node.h"
#include "tests/unit/test_support.h"

using namespace walletd;
using namespace walletd::test;

namespace {

const char* kMnemonic =
    "abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about";

// A node where only `used` has ever sent a transaction, and holds 1 wei.
void scriptNode(TestNode& t, std::string used) {
  t.http.on(kNode, [used](const HttpRequest& r) {
    const Json call = Json::parse(r.body);
    Json result;
    const std::string method = call["method"];
    if (method == "eth_chainId") result = "0x539";
    if (method == "eth_blockNumber") result = "0x7";
    if (method == "eth_getBalance") result = call["params"][0] == used ? "0x1" : "0x0";
    if (method == "eth_getTransactionCount") result = call["params"][0] == used ? "0x1" : "0x0";
    return HttpResponse{
        200, {}, Json{{"jsonrpc", "2.0"}, {"id", call["id"]}, {"result", result}}.dump()};
  });
}

std::string hdAddress(TestNode& t, int index) {
  const Json keys = t.rpc("get_private_keys", Json{{"coins", {"ETH-ganache"}},
                                                   {"mode", "hd"},
                                                   {"start_index", index},
                                                   {"end_index", index}});
  return keys["result"][0]["addresses"][0]["address"];
}

Json activate(TestNode& t, Json extra = Json::object(), int* code = nullptr) {
  Json p = Json{{"ticker", "ETH-ganache"}, {"nodes", {{{"url", kNode}}}}};
  p.update(extra);
  return t.rpc("enable_eth_with_tokens", p, code);
}

}  // namespace

TEST_CASE("HD activation scans to the last used address and answers WalletBalanceInfo") {
  TestNode t(Json{{"passphrase", kMnemonic}, {"enable_hd", true}}, walletdCoins());
  const std::string third = hdAddress(t, 3);
  scriptNode(t, third);
  const Json r = activate(t, Json{{"gap_limit", 5}})["result"];
  CHECK(r["current_block"] == 7);
  CHECK(r["ticker"] == "ETH-ganache");
  CHECK(r["nfts_infos"] == Json::object());
  const Json account = r["wallet_balance"]["accounts"][0];
  CHECK(r["wallet_balance"]["wallet_type"] == "HD");
  CHECK(account["account_index"] == 0);
  CHECK(account["derivation_path"] == "m/44'/60'/0'");
  REQUIRE(account["addresses"].size() == 4);  // 0..3: index 3 was used, 4..8 were not
  CHECK(account["addresses"][0]["address"] == "0x9858EfFD232B4033E47d90003D41EC34EcaEda94");
  CHECK(account["addresses"][3]["address"] == third);
  CHECK(account["addresses"][3]["derivation_path"] == "m/44'/60'/0'/0/3");
  CHECK(account["addresses"][3]["chain"] == "External");
  CHECK(account["addresses"][3]["balance"] ==
        Json::parse(R"({"ETH-ganache":{"spendable":"0.000000000000000001","unspendable":"0"}})"));
  CHECK(account["addresses"][2]["balance"]["ETH-ganache"]["spendable"] == "0");
  CHECK(account["total_balance"]["ETH-ganache"]["spendable"] == "0.000000000000000001");
  // The activated address (path_to_address, default 0/External/0) is the coin's address.
  CHECK(t.rpc("my_balance", Json{{"coin", "ETH-ganache"}})["result"]["address"] ==
        "0x9858EfFD232B4033E47d90003D41EC34EcaEda94");

  // Known now: after disable, `scan_if_new_wallet` does not rescan, and the 4 addresses stay.
  t.rpc("disable_coin", Json{{"coin", "ETH-ganache"}});
  const std::size_t before = t.http.requests.size();
  const Json again = activate(t)["result"];
  CHECK(again["wallet_balance"]["accounts"][0]["addresses"].size() == 4);
  CHECK(t.http.requests.size() - before == 2 + 4);  // chain id, block, then one balance each
}

TEST_CASE("HD activation: do_not_scan, path_to_address and min_addresses_number") {
  TestNode t(Json{{"passphrase", kMnemonic}, {"enable_hd", true}}, walletdCoins());
  scriptNode(t, hdAddress(t, 3));
  const Json r = activate(t, Json{{"scan_policy", "do_not_scan"},
                                  {"path_to_address", {{"account_id", 2}, {"address_id", 1}}},
                                  {"min_addresses_number", 3}})["result"];
  const Json accounts = r["wallet_balance"]["accounts"];
  REQUIRE(accounts.size() == 2);  // account 0 (every wallet has it) and account 2
  CHECK(accounts[0]["addresses"].size() == 0);
  CHECK(accounts[1]["account_index"] == 2);
  CHECK(accounts[1]["derivation_path"] == "m/44'/60'/2'");
  CHECK(accounts[1]["addresses"].size() == 3);
  CHECK(t.rpc("my_balance", Json{{"coin", "ETH-ganache"}})["result"]["address"] ==
        accounts[1]["addresses"][1]["address"]);
}

TEST_CASE("HD activation and withdraw refusals") {
  TestNode t(Json{{"passphrase", kMnemonic}, {"enable_hd", true}}, walletdCoins());
  scriptNode(t, "");
  int code = 0;
  for (const Json& bad :
       {Json{{"path_to_address", {{"account_id", 0}, {"chain", "Internal"}}}},
        Json{{"path_to_address", {{"account_id", 0}, {"derivation_path", "m/44'/60'/1'/0/0"}}}}}) {
    CHECK(activate(t, bad, &code)["error_type"] == "InvalidPayload");
    CHECK(code == 400);
  }
  for (const Json& bad : {Json{{"path_to_address", {{"account_id", 0}, {"address_id", 1000}}}},
                          Json{{"gap_limit", 1001}}, Json{{"min_addresses_number", 5000}},
                          Json{{"scan_policy", "always"}}, Json{{"gap_limit", -1}},
                          Json{{"path_to_address", {{"address_id", 1}}}}}) {
    CHECK(activate(t, bad, &code)["error_type"] == "InvalidRequest");
    CHECK(code == 400);
  }
  CHECK(t.rpc("get_enabled_coins")["result"]["coins"] == Json::array());
  activate(t, Json{{"scan_policy", "do_not_scan"}});
  const Json base = Json{{"coin", "ETH-ganache"},
                         {"to", "0x9858EfFD232B4033E47d90003D41EC34EcaEda94"},
                         {"amount", "0.1"}};
  const std::vector<std::pair<Json, std::string>> cases = {
      {Json{{"account_id", 5}, {"chain", "External"}, {"address_id", 0}}, "UnknownAccount"},
      {Json{{"account_id", 0}, {"chain", "Internal"}, {"address_id", 0}}, "UnexpectedFromAddress"},
      {Json{{"derivation_path", "m/44'/0'/0'/0/0"}}, "UnexpectedFromAddress"},
      {Json{{"derivation_path", "m/44'/60'/0'/0"}}, "UnexpectedFromAddress"},
  };
  for (const auto& [from, type] : cases) {
    Json p = base;
    p["from"] = from;
    const Json r = t.rpc("withdraw", p, &code);
    CHECK(r["error_type"] == type);
    CHECK(code == 400);
  }
}

// gui_storage::*: KDF's two test sequences, every refusal, validation of each params type, and
// durability properties (a failed write changes nothing; state survives a restart).
#include <catch2/catch.hpp>

#include "tests/unit/test_support.h"

using namespace walletd;
using namespace walletd::test;

namespace {
const char* kHw = R"({"type":"hw","device_pubkey":"1549128bbfb33b997949b4105b6a6371c998e212"})";
Json j(const char* text) {
  return Json::parse(text);
}
Json withId(const char* extra_fields, const char* id = R"({"type":"iguana"})") {
  Json p = j(extra_fields);
  p["account_id"] = j(id);
  return p;
}
std::string errorType(const Json& response) {
  return response.value("error_type", "");
}
}  // namespace

TEST_CASE("KDF test_gui_storage_accounts_functionality") {
  TestNode t;
  REQUIRE(t.rpc("gui_storage::enable_account",
                j(R"({"policy":"new","account_id":{"type":"iguana"},"name":"My Iguana wallet"})"))
              ["result"] == "success");
  Json hw = j(R"({"description":"Any description","name":"My HW"})");
  hw["account_id"] = j(kHw);
  REQUIRE(t.rpc("gui_storage::add_account", hw)["result"] == "success");
  REQUIRE(
      t.rpc(
          "gui_storage::add_account",
          j(R"({"account_id":{"type":"hd","account_idx":1},"name":"An HD account"})"))["result"] ==
      "success");
  REQUIRE(t.rpc("gui_storage::delete_account",
                j(R"({"account_id":{"type":"hd","account_idx":1}})"))["result"] == "success");
  REQUIRE(t.rpc("gui_storage::set_account_balance",
                withId(R"({"balance_usd":"123.567"})", kHw))["result"] == "success");
  REQUIRE(t.rpc("gui_storage::set_account_name",
                withId(R"({"name":"New Iguana account name"})"))["result"] == "success");
  REQUIRE(t.rpc("gui_storage::set_account_description",
                withId(R"({"description":"Another description"})"))["result"] == "success");
  Json accounts = t.rpc("gui_storage::get_accounts")["result"];
  REQUIRE(
      accounts.dump() ==
      R"([{"account_id":{"type":"iguana"},"name":"New Iguana account name","description":"Another description","balance_usd":"0","enabled":true},)"
      R"({"account_id":{"type":"hw","device_pubkey":"1549128bbfb33b997949b4105b6a6371c998e212"},"name":"My HW","description":"Any description","balance_usd":"123.567","enabled":false}])");
}

TEST_CASE("KDF test_gui_storage_coins_functionality") {
  TestNode t;
  t.rpc("gui_storage::enable_account",
        j(R"({"policy":"new","account_id":{"type":"iguana"},"name":"My Iguana wallet"})"));
  Json hw = j(R"({"description":"Any description","name":"My HW"})");
  hw["account_id"] = j(kHw);
  t.rpc("gui_storage::add_account", hw);
  REQUIRE(t.rpc("gui_storage::activate_coins",
                withId(R"({"tickers":["RICK","MORTY","KMD"]})"))["result"] == "success");
  REQUIRE(t.rpc("gui_storage::activate_coins",
                withId(R"({"tickers":["KMD","MORTY","BCH"]})", kHw))["result"] == "success");
  REQUIRE(t.rpc("gui_storage::deactivate_coins",
                withId(R"({"tickers":["BTC","MORTY"]})", kHw))["result"] == "success");
  REQUIRE(
      t.rpc("gui_storage::get_enabled_account")["result"].dump() ==
      R"({"account_id":{"type":"iguana"},"name":"My Iguana wallet","description":"","balance_usd":"0","coins":["KMD","MORTY","RICK"]})");
  REQUIRE(
      t.rpc("gui_storage::get_account_coins", withId("{}", kHw))["result"].dump() ==
      R"({"account_id":{"type":"hw","device_pubkey":"1549128bbfb33b997949b4105b6a6371c998e212"},"coins":["BCH","KMD"]})");
}

TEST_CASE("gui_storage refusals carry KDF's error types") {
  TestNode t;
  int status = 0;
  Json none = t.rpc("gui_storage::get_enabled_account", nullptr, &status);
  REQUIRE(errorType(none) == "NoEnabledAccount");
  REQUIRE(status == 400);
  Json missing = t.rpc("gui_storage::set_account_name",
                       withId(R"({"name":"x"})", R"({"type":"hd","account_idx":7})"), &status);
  REQUIRE(errorType(missing) == "NoSuchAccount");
  REQUIRE(missing["error_data"] == j(R"({"type":"hd","account_idx":7})"));
  REQUIRE(errorType(t.rpc("gui_storage::enable_account",
                          j(R"({"policy":"existing","account_id":{"type":"iguana"}})"))) ==
          "NoSuchAccount");
  t.rpc("gui_storage::add_account", j(R"({"account_id":{"type":"iguana"},"name":"a"})"));
  Json exists =
      t.rpc("gui_storage::add_account", j(R"({"account_id":{"type":"iguana"},"name":"b"})"));
  REQUIRE(errorType(exists) == "AccountExistsAlready");
  Json long_name = withId("{}");
  long_name["name"] = std::string(256, 'n');
  Json e = t.rpc("gui_storage::set_account_name", long_name, &status);
  REQUIRE(errorType(e) == "NameTooLong");
  REQUIRE(e["error_data"] == j(R"({"max_len":255})"));
  long_name["name"] = std::string(255, 'n');
  REQUIRE(t.rpc("gui_storage::set_account_name", long_name)["result"] == "success");
  Json unicode = withId("{}");
  unicode["name"] = "";
  for (int i = 0; i < 255; ++i) unicode["name"] = unicode["name"].get<std::string>() + "\xc3\xa9";
  REQUIRE(t.rpc("gui_storage::set_account_name", unicode)["result"] == "success");
  Json long_desc = withId("{}");
  long_desc["description"] = std::string(601, 'd');
  REQUIRE(errorType(t.rpc("gui_storage::set_account_description", long_desc)) ==
          "DescriptionTooLong");
  Json long_ticker = withId("{}");
  long_ticker["tickers"] = Json::array({std::string(256, 'T')});
  REQUIRE(errorType(t.rpc("gui_storage::activate_coins", long_ticker)) == "TickerTooLong");
  REQUIRE(t.rpc("gui_storage::delete_account", withId("{}"))["result"] == "success");
  REQUIRE(errorType(t.rpc("gui_storage::get_enabled_account")) == "NoEnabledAccount");
}

TEST_CASE("gui_storage params: wrong types, missing fields, out-of-range values") {
  TestNode t;
  const char* bad[] = {
      R"({"policy":"new","account_id":{"type":"hw","device_pubkey":"1549128bbfb33b997949b4105b6a6371c998e212"},"name":"x"})",
      R"({"policy":"maybe","account_id":{"type":"iguana"}})",
      R"({"account_id":{"type":"iguana"}})",
      R"({"policy":"new","account_id":{"type":"iguana"}})",
      R"({"policy":"new","account_id":{"type":"iguana"},"name":7})",
      R"({"policy":"new","account_id":{"type":"hd"},"name":"x"})",
      R"({"policy":"new","account_id":{"type":"hd","account_idx":-1},"name":"x"})",
      R"({"policy":"new","account_id":{"type":"hd","account_idx":4294967296},"name":"x"})",
      R"({"policy":"new","account_id":{"type":"hd","account_idx":"1"},"name":"x"})",
      R"({"policy":"new","account_id":{"type":"Iguana"},"name":"x"})",
      R"({"policy":"new","account_id":"iguana","name":"x"})",
      R"({"policy":"new","account_id":{"type":"iguana"},"name":"x","balance_usd":true})",
      R"({"policy":"new","account_id":{"type":"iguana"},"name":"x","description":null,"balance_usd":"abc"})",
  };
  for (const char* params : bad) {
    int status = 0;
    Json r = t.rpc("gui_storage::enable_account", j(params), &status);
    INFO(params << " -> " << r.dump());
    REQUIRE(errorType(r) == "InvalidRequest");
    REQUIRE(status == 400);
  }
  const char* bad_hw[] = {
      R"({"type":"hw","device_pubkey":"1549"})",
      R"({"type":"hw","device_pubkey":"zz49128bbfb33b997949b4105b6a6371c998e212"})",
      R"({"type":"hw"})"};
  for (const char* id : bad_hw) {
    REQUIRE(errorType(t.rpc("gui_storage::add_account", withId(R"({"name":"x"})", id))) ==
            "InvalidRequest");
  }
  REQUIRE(errorType(t.rpc("gui_storage::activate_coins", withId(R"({"tickers":"KMD"})"))) ==
          "InvalidRequest");
  REQUIRE(errorType(t.rpc("gui_storage::activate_coins", withId(R"({"tickers":["KMD",5]})"))) ==
          "InvalidRequest");
  REQUIRE(errorType(t.rpc("gui_storage::get_accounts", j(R"({"all":true})"))) == "InvalidRequest");
  REQUIRE(errorType(t.rpc("gui_storage::get_accounts", j("[]"))) == "InvalidRequest");
  // Numbers and 0x-prefixed pubkeys are accepted and answered canonically.
  Json ok = t.rpc(
      "gui_storage::add_account",
      withId(R"({"name":"x","balance_usd":12.5})",
             R"({"type":"hw","device_pubkey":"0x1549128BBFB33B997949B4105B6A6371C998E212"})"));
  REQUIRE(ok["result"] == "success");
  REQUIRE(t.rpc("gui_storage::get_accounts")["result"][0]["balance_usd"] == "12.5");
  REQUIRE(t.rpc("gui_storage::get_accounts")["result"][0]["account_id"]["device_pubkey"] ==
          "1549128bbfb33b997949b4105b6a6371c998e212");
}

TEST_CASE("a failed storage write changes nothing and reports ErrorSavingAccount") {
  TestNode t;
  t.rpc("gui_storage::add_account", j(R"({"account_id":{"type":"iguana"},"name":"before"})"));
  t.storage.failNextBatch();
  int status = 0;
  Json r = t.rpc("gui_storage::set_account_name", withId(R"({"name":"after"})"), &status);
  REQUIRE(errorType(r) == "ErrorSavingAccount");
  REQUIRE(status == 500);
  REQUIRE(t.rpc("gui_storage::get_accounts")["result"][0]["name"] == "before");
}

TEST_CASE("accounts, coins and the enabled account survive a restart on the same storage") {
  TestNode t;
  t.rpc(
      "gui_storage::enable_account",
      j(R"({"policy":"new","account_id":{"type":"hd","account_idx":3},"name":"HD3","balance_usd":"0.10"})"));
  t.rpc("gui_storage::activate_coins",
        withId(R"({"tickers":["ETH","BTC"]})", R"({"type":"hd","account_idx":3})"));
  Node restarted(TestNode::makeConfig(Json::object()), CoinsConfig(),
                 Platform{t.loop, t.storage, t.clock, t.random, t.sink, t.http}, nullptr);
  runTask(t.loop, t.clock, runVoid(restarted.start()));
  runTask(t.loop, t.clock, runVoid(restarted.accounts().loaded()));
  const AccountRecord& enabled = restarted.accounts().enabled();
  REQUIRE(enabled.info.name == "HD3");
  REQUIRE(enabled.info.balance_usd.str() == "0.10");
  REQUIRE(enabled.coins == std::set<std::string>{"BTC", "ETH"});
}

TEST_CASE("a corrupt account record fails gui_storage requests, not the node, and is read again") {
  TestNode t;  // started: the accounts are read by the first gui_storage request, not by start()
  auto write = [&](std::optional<std::string> value) {
    std::vector<StorageWrite> writes;
    writes.push_back({"account/corrupt", std::move(value)});
    runTask(t.loop, t.clock, runVoid(t.storage.applyBatch("gui_storage", std::move(writes))));
  };
  write(std::string("{not json"));
  REQUIRE(t.rpc("version").contains("result"));
  int status = 0;
  Json r = t.rpc("gui_storage::get_accounts", Json::object(), &status);
  REQUIRE(errorType(r) == "ErrorLoadingAccount");
  REQUIRE(status == 500);
  REQUIRE(r["error"].get<std::string>().find("account/corrupt") != std::string::npos);
  write(std::nullopt);  // repaired: the next request reads the store again
  REQUIRE(t.rpc("gui_storage::get_accounts", Json::object(), &status)["result"] == Json::array());
  REQUIRE(status == 200);
}

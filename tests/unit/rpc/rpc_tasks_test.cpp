// KDF's task pattern through task::enable_eth::*: init answers at once, status follows the work
// (InProgress while the node has not answered, then Ok or Error), cancel stops it before anything
// is registered, and the refusals carry KDF's types and statuses.
#include <catch2/catch.hpp>

#include "tests/unit/scripted_eth_node.h"
#include "tests/unit/test_support.h"

using namespace walletd;
using namespace walletd::test;

namespace {

void scriptNode(TestNode& t, const char* chain_id = "0x539") {
  scriptEthNode(t.http, kNode, chain_id, "0x0");
}

Json ethParams() {
  return Json{{"ticker", "ETH-ganache"}, {"nodes", {{{"url", kNode}}}}};
}

Json status(TestNode& t, Json id, int* code = nullptr, bool forget = true) {
  return t.rpc("task::enable_eth::status", Json{{"task_id", id}, {"forget_if_finished", forget}},
               code);
}

bool registered(TestNode& t) {
  return t.rpc("get_enabled_coins")["result"]["coins"].size() == 1;
}

}  // namespace

TEST_CASE("task::enable_eth: InProgress while the node is silent, then Ok once, then forgotten") {
  TestNode t(Json{{"passphrase", kKey}}, walletdCoins());
  scriptNode(t);
  t.http.hold = true;
  const Json init = t.rpc("task::enable_eth::init", ethParams());
  REQUIRE(init["result"].is_object());
  const Json id = init["result"]["task_id"];
  CHECK(id.is_number_unsigned());
  CHECK(status(t, id)["result"] ==
        Json::parse(R"({"status":"InProgress","details":"ActivatingCoin"})"));
  CHECK_FALSE(registered(t));
  t.http.release();
  t.loop.runReady();
  const Json done = status(t, id, nullptr, false);
  CHECK(done["result"]["status"] == "Ok");
  CHECK(done["result"]["details"]["current_block"] == 7);
  CHECK(done["result"]["details"].contains("eth_addresses_infos"));
  CHECK(registered(t));
  CHECK(status(t, id)["result"]["status"] == "Ok");  // forget_if_finished: false kept it
  int code = 0;
  const Json gone = status(t, id, &code);
  CHECK(gone["error_type"] == "NoSuchTask");
  CHECK(gone["error_data"] == id);
  CHECK(code == 400);
}

TEST_CASE("task::enable_eth: cancel before the node answers leaves nothing registered") {
  TestNode t(Json{{"passphrase", kKey}}, walletdCoins());
  scriptNode(t);
  t.http.hold = true;
  const Json id = t.rpc("task::enable_eth::init", ethParams())["result"]["task_id"];
  CHECK(t.rpc("task::enable_eth::cancel", Json{{"task_id", id}})["result"] == "success");
  t.http.release();
  t.loop.runReady();
  CHECK_FALSE(registered(t));
  int code = 0;
  CHECK(status(t, id, &code)["error_type"] == "NoSuchTask");
  const Json again = t.rpc("task::enable_eth::cancel", Json{{"task_id", id}}, &code);
  CHECK(again["error_type"] == "NoSuchTask");
  CHECK(code == 404);
  // The coin can be activated afterwards: the cancelled run left no trace.
  CHECK(t.rpc("enable_eth_with_tokens", ethParams())["result"]["current_block"] == 7);
}

TEST_CASE("task::enable_eth: a finished task cannot be cancelled; errors become Error details") {
  TestNode t(Json{{"passphrase", kKey}}, walletdCoins());
  scriptNode(t, "0x1");  // another chain: the work fails
  const Json id = t.rpc("task::enable_eth::init", ethParams())["result"]["task_id"];
  int code = 0;
  const Json cancel = t.rpc("task::enable_eth::cancel", Json{{"task_id", id}}, &code);
  CHECK(cancel["error_type"] == "TaskFinished");
  CHECK(code == 409);
  const Json failed = status(t, id)["result"];
  CHECK(failed["status"] == "Error");
  CHECK(failed["details"]["error_type"] == "PlatformCoinCreationError");
  CHECK(failed["details"]["error_data"]["ticker"] == "ETH-ganache");
  CHECK(failed["details"].contains("error_path"));
  CHECK_FALSE(registered(t));
}

TEST_CASE("task::enable_eth::init answers what needs no node at once; params are typed") {
  TestNode t(Json{{"passphrase", kKey}}, walletdCoins());
  scriptNode(t);
  int code = 0;
  Json p = ethParams();
  p["ticker"] = "NOPE";
  CHECK(t.rpc("task::enable_eth::init", p, &code)["error_type"] == "PlatformConfigIsNotFound");
  CHECK(code == 400);
  p = ethParams();
  p["client_id"] = 3;  // accepted, as in KDF
  const Json id = t.rpc("task::enable_eth::init", p)["result"]["task_id"];
  CHECK(t.rpc("task::enable_eth::init", ethParams(), &code)["error_type"] ==
        "PlatformIsAlreadyActivated");
  for (const Json& bad : {Json{{"task_id", "1"}}, Json::object(), Json{{"task_id", -1}},
                          Json{{"task_id", 1}, {"forget_if_finished", "yes"}}}) {
    CHECK(t.rpc("task::enable_eth::status", bad, &code)["error_type"] == "InvalidRequest");
    CHECK(code == 400);
  }
  // An unknown field is ignored (KDF's RpcTaskStatusRequest).
  CHECK(t.rpc("task::enable_eth::status",
              Json{{"task_id", id}, {"forget_if_finished", false}, {"x", 1}})["result"]["status"]
            .is_string());
  for (const char* bad : {R"({"nodes":[]})", R"({"ticker":"ETH-ganache","nodes":{}})",
                          R"({"ticker":"ETH-ganache","nodes":[],"gap_limit":0})",
                          R"({"ticker":"ETH-ganache","nodes":[],"gap_limit":"20"})",
                          R"({"ticker":"ETH-ganache","nodes":[],"client_id":"x"})"}) {
    CHECK(t.rpc("task::enable_eth::init", Json::parse(bad), &code)["error_type"] ==
          "InvalidRequest");
    CHECK(code == 400);
  }
  // KDF's serde default: fields it does not know are ignored, so the next check answers.
  CHECK(t.rpc("task::enable_eth::init",
              Json::parse(R"({"ticker":"ETH-ganache","nodes":[],"gas_station_url":"x"})"),
              &code)["error_type"] == "PlatformIsAlreadyActivated");
  // No work here waits for a hardware wallet: a user action is refused, a bad one is invalid.
  const Json pin =
      Json{{"task_id", id}, {"user_action", {{"action_type", "TrezorPin"}, {"pin", "1"}}}};
  CHECK(t.rpc("task::enable_eth::user_action", pin, &code)["error_type"] == "Internal");
  CHECK(code == 500);
  Json unknown = pin;
  unknown["task_id"] = 999;
  CHECK(t.rpc("task::enable_eth::user_action", unknown, &code)["error_type"] == "NoSuchTask");
  CHECK(code == 400);
  Json bad_action = pin;
  bad_action["user_action"]["action_type"] = "Button";
  CHECK(t.rpc("task::enable_eth::user_action", bad_action, &code)["error_type"] ==
        "InvalidRequest");
  // Statuses of one family do not answer for another.
  CHECK(t.rpc("task::enable_utxo::status", Json{{"task_id", id}}, &code)["error_type"] ==
        "NoSuchTask");
  CHECK(code == 400);
}

namespace {
// A task that asks for a PIN and answers what it was given (a hardware wallet's conversation).
Task<Json> askPin(std::shared_ptr<RpcTaskHandle> handle, Executor& executor) {
  RpcTaskUserAction action = co_await handle->awaitUserAction(executor, "EnterTrezorPin");
  co_return Json{{"type", action.action_type},
                 {"pin", std::string(action.secret.view().begin(), action.secret.view().end())}};
}

RpcTaskUserAction pinAction(const char* pin) {
  const std::string text = pin;
  return RpcTaskUserAction{"TrezorPin", SecretBytes(Bytes(text.begin(), text.end()))};
}
}  // namespace

TEST_CASE("a task awaiting a user action: UserActionRequired, then the action, then Ok") {
  TaskLoop l;
  RpcTaskManager tasks;
  auto handle = tasks.create();
  const std::uint64_t id = tasks.run("init_trezor", handle, askPin(handle, l.loop));
  l.loop.runReady();
  CHECK(tasks.status("init_trezor", id, false) ==
        Json::parse(R"({"status":"UserActionRequired","details":"EnterTrezorPin"})"));
  tasks.userAction("init_trezor", id, pinAction("6483"));
  CHECK(tasks.status("init_trezor", id, false)["status"] == "InProgress");
  // A second action finds nothing waiting: Internal, as KDF's UnexpectedTaskStatus.
  try {
    tasks.userAction("init_trezor", id, pinAction("1"));
    FAIL("a task that waits for nothing took an action");
  } catch (const RpcError& e) {
    CHECK(e.type() == "Internal");
  }
  l.loop.runReady();
  CHECK(tasks.status("init_trezor", id, true) ==
        Json::parse(R"({"status":"Ok","details":{"type":"TrezorPin","pin":"6483"}})"));
}

TEST_CASE("cancelling a task that awaits a user action ends the wait") {
  TaskLoop l;
  RpcTaskManager tasks;
  auto handle = tasks.create();
  const std::uint64_t id = tasks.run("init_trezor", handle, askPin(handle, l.loop));
  l.loop.runReady();
  REQUIRE(handle->awaitsUserAction());
  tasks.cancel("init_trezor", id);
  l.loop.runReady();
  CHECK_FALSE(handle->awaitsUserAction());
  CHECK_THROWS_AS(tasks.status("init_trezor", id, true), RpcError);
}

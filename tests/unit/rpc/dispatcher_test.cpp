// Every dispatcher refusal with its error_type and HTTP status, in KDF's order (notes §2–5).
#include <catch2/catch.hpp>

#include "core/rpc/request_limits.h"
#include "tests/unit/test_support.h"

using namespace walletd;
using namespace walletd::test;

namespace {
const Caller kRemote{"10.1.2.3", false};
std::string errorType(const HttpAnswer& a) {
  return Json::parse(a.body).value("error_type", "");
}
}  // namespace

TEST_CASE("public version needs no userpass; protected methods do") {
  TestNode t;
  HttpAnswer v = t.call(R"({"mmrpc":"2.0","method":"version","id":1})");
  REQUIRE(v.status == 200);
  REQUIRE(Json::parse(v.body)["result"].contains("datetime"));
  HttpAnswer missing = t.call(R"({"mmrpc":"2.0","method":"get_enabled_coins"})");
  REQUIRE(missing.status == 403);
  REQUIRE(errorType(missing) == "UserpassIsNotSet");
  REQUIRE_FALSE(Json::parse(missing.body).contains("error_data"));
}

TEST_CASE("wrong userpass counts down NbAttemptsLeft; a remote address is banned after 10") {
  TestNode t(Json::parse(R"({"rpc_local_only": false})"));
  for (unsigned i = 1; i <= 10; ++i) {
    HttpAnswer a = t.call(
        R"({"mmrpc":"2.0","method":"get_enabled_coins","userpass":"wrong","id":3})", kRemote);
    REQUIRE(a.status == 403);
    Json body = Json::parse(a.body);
    REQUIRE(body["error_type"] == "UserpassIsInvalid");
    REQUIRE(body["error_data"] == Json::parse("{\"error_type\":\"NbAttemptsLeft\",\"error_data\":" +
                                              std::to_string(10 - i) + "}"));
    REQUIRE(body["id"] == 3);
  }
  HttpAnswer banned =
      t.call(std::string(R"({"mmrpc":"2.0","method":"get_enabled_coins","userpass":")") +
                 TestNode::kPassword + "\"}",
             kRemote);
  REQUIRE(banned.status == 403);
  REQUIRE(errorType(banned) == "Banned");
}

TEST_CASE("loopback is never banned: past the burst, wrong answers follow the global budget") {
  TestNode t;
  for (unsigned i = 0; i < AuthLimiter::kBurst; ++i)
    t.call(R"({"mmrpc":"2.0","method":"get_enabled_coins","userpass":"wrong"})");
  std::uint64_t before = t.clock.monotonicMillis();
  for (int i = 0; i < 5; ++i) {
    HttpAnswer slow = t.call(R"({"mmrpc":"2.0","method":"get_enabled_coins","userpass":"wrong"})");
    REQUIRE(errorType(slow) == "UserpassIsInvalid");
  }
  REQUIRE(t.clock.monotonicMillis() - before >= 5 * AuthLimiter::kIntervalMs);
  before = t.clock.monotonicMillis();
  int status = 0;
  t.rpc("get_enabled_coins", nullptr, &status);
  REQUIRE(status == 200);
  REQUIRE(t.clock.monotonicMillis() == before);  // the right password is not delayed
}

TEST_CASE("AuthLimiter: one schedule for all callers; checks pause when too many answers wait") {
  AuthLimiter limiter;
  std::uint64_t waited = 0;
  for (unsigned i = 0; i < AuthLimiter::kBurst; ++i) waited += limiter.scheduleWrongAnswer(1000);
  REQUIRE(waited == 0);
  REQUIRE(limiter.scheduleWrongAnswer(1000) == AuthLimiter::kIntervalMs);
  REQUIRE(limiter.scheduleWrongAnswer(1000) == 2 * AuthLimiter::kIntervalMs);
  // After a quiet period the burst is available again.
  limiter.releaseWrongAnswer();
  limiter.releaseWrongAnswer();
  for (unsigned i = 0; i < AuthLimiter::kBurst; ++i) limiter.releaseWrongAnswer();
  REQUIRE(limiter.scheduleWrongAnswer(1000000) == 0);
  limiter.releaseWrongAnswer();
  for (std::size_t i = 0; i < AuthLimiter::kMaxHeld; ++i) limiter.scheduleWrongAnswer(2000000);
  REQUIRE_FALSE(limiter.checksOpen());
  limiter.releaseWrongAnswer();
  REQUIRE(limiter.checksOpen());
}

TEST_CASE("rpc_local_only refuses remote callers before auth, except public methods") {
  TestNode t;
  HttpAnswer a =
      t.call(R"({"mmrpc":"2.0","method":"get_enabled_coins","userpass":"wrong"})", kRemote);
  REQUIRE(a.status == 403);
  REQUIRE(errorType(a) == "LocalHostOnly");
  REQUIRE(t.call(R"({"mmrpc":"2.0","method":"version"})", kRemote).status == 200);
}

TEST_CASE("request shape errors") {
  TestNode t;
  auto check = [&](const std::string& body, int status, const std::string& type) {
    HttpAnswer a = t.call(body);
    INFO(body << " -> " << a.body);
    REQUIRE(a.status == status);
    REQUIRE(errorType(a) == type);
    return Json::parse(a.body);
  };
  check(R"({"mmrpc":"2.0","method":"no_such","userpass":"Test-Passw0rd!"})", 400, "NoSuchMethod");
  Json v = check(R"({"mmrpc":"1.0","method":"version","id":4})", 400, "InvalidMmRpcVersion");
  REQUIRE(v["id"] == 4);
  Json unknown = check(R"({"mmrpc":"2.0","method":"version","coin":"KMD"})", 400, "InvalidRequest");
  REQUIRE(unknown["error_data"].get<std::string>().find("unknown field `coin`") !=
          std::string::npos);
  check(R"({"mmrpc":"2.0","userpass":"x"})", 400, "InvalidRequest");
  Json id = check(R"({"mmrpc":"2.0","method":"version","id":"7"})", 400, "InvalidRequest");
  REQUIRE(id["id"].is_null());
  check(
      R"({"mmrpc":"2.0","method":"gui_storage::get_accounts","userpass":"Test-Passw0rd!","params":{"x":1}})",
      400, "InvalidRequest");
  HttpAnswer non_object = t.call(R"([1])");
  REQUIRE(Json::parse(non_object.body)[0]["error_type"] == "InvalidRequest");
}

TEST_CASE("legacy form: bare bodies, auth errors are HTTP 500, unknown methods fall back to v2") {
  TestNode t;
  HttpAnswer v = t.call(R"({"method":"version"})");
  REQUIRE(v.status == 200);
  REQUIRE(Json::parse(v.body).contains("datetime"));
  HttpAnswer no_pass = t.call(R"({"method":"get_enabled_coins"})");
  REQUIRE(no_pass.status == 500);
  REQUIRE(Json::parse(no_pass.body)["error"].get<std::string>().find("Userpass is not set!") !=
          std::string::npos);
  HttpAnswer coins = t.call(R"({"method":"get_enabled_coins","userpass":"Test-Passw0rd!"})");
  REQUIRE(coins.body == R"({"result":[]})");
  HttpAnswer fallback =
      t.call(R"({"method":"gui_storage::get_accounts","userpass":"Test-Passw0rd!","coin":"KMD"})");
  REQUIRE(fallback.status == 400);
  REQUIRE(errorType(fallback) == "InvalidRequest");
  HttpAnswer nomethod = t.call(R"({"method":"nope","userpass":"Test-Passw0rd!"})");
  REQUIRE(errorType(nomethod) == "NoSuchMethod");
}

TEST_CASE("body limits: bad JSON, depth, size and batch size give clear errors") {
  TestNode t;
  HttpAnswer bad = t.call("{not json");
  REQUIRE(bad.status == 500);
  REQUIRE(Json::parse(bad.body).contains("error"));
  std::string deep(65, '[');
  deep += std::string(65, ']');
  HttpAnswer d = t.call(deep);
  REQUIRE(d.status == 500);
  REQUIRE(Json::parse(d.body)["error"].get<std::string>().find("deeper than 64") !=
          std::string::npos);
  std::string ok_depth = std::string(60, '[') + std::string(60, ']');
  REQUIRE(t.call(ok_depth).status == 200);
  HttpAnswer big = t.call(std::string(RequestLimits::kMaxBodyBytes + 1, ' '));
  REQUIRE(big.status == 413);
  std::string batch = "[";
  for (int i = 0; i < 101; ++i)
    batch += std::string(i ? "," : "") + R"({"mmrpc":"2.0","method":"version"})";
  batch += "]";
  REQUIRE(t.call(batch).status == 400);
  REQUIRE(runTask(t.loop, t.clock, t.node.handleHttp("GET", "", Caller{})).status == 500);
}

TEST_CASE("a batch answers each element in order") {
  TestNode t;
  HttpAnswer a = t.call(
      R"([{"mmrpc":"2.0","method":"version","id":1},{"mmrpc":"2.0","method":"nope","id":2,"userpass":"Test-Passw0rd!"}])");
  REQUIRE(a.status == 200);
  Json body = Json::parse(a.body);
  REQUIRE(body.size() == 2);
  REQUIRE(body[0]["id"] == 1);
  REQUIRE(body[1]["error_type"] == "NoSuchMethod");
}

TEST_CASE("the stop method asks the host to stop") {
  TestNode t;
  REQUIRE(t.rpc("stop")["result"] == "success");
  t.loop.runReady();
  REQUIRE(t.stopped);
}

TEST_CASE("a body that is not JSON is refused without quoting it (the password may be in it)") {
  TestNode t;
  const std::string secret = TestNode::kPassword;
  for (const std::string& body :
       {std::string(R"({"mmrpc":"2.0","userpass":")") + secret + "\x01",
        std::string(R"({"mmrpc":"2.0","userpass":")") + secret + "\xff\xfe\"}",
        std::string(R"({"mmrpc":"2.0","userpass":")") + secret + "\"} " + secret,
        std::string(R"({"mmrpc":"2.0","method":"version","userpass":")") + secret + "\"}" +
            std::string(1, '\0') + "garbage"}) {
    HttpAnswer answer = t.call(body);
    INFO(answer.body);
    REQUIRE(answer.status == 500);
    REQUIRE(answer.body.find(secret) == std::string::npos);
    REQUIRE(answer.body.find("last read") == std::string::npos);
  }
}

TEST_CASE("a number beyond a double is an InvalidRequest from the dispatcher") {
  TestNode t;
  for (const char* body : {R"({"mmrpc":"2.0","method":"version","id":1e400})",
                           R"({"mmrpc":"2.0","method":"version","params":{"x":-1e999}})"}) {
    HttpAnswer answer = t.call(body);
    REQUIRE(answer.status == 400);
    REQUIRE(errorType(answer) == "InvalidRequest");
    REQUIRE(answer.body.find("1e") == std::string::npos);
  }
}

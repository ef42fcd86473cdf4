// Configuration parsing, KDF's password policy, and the coins files (KDF's real file unchanged).
#include <catch2/catch.hpp>

#include <fstream>
#include <sstream>

#include "core/coins/coins_config.h"
#include "core/node/node_config.h"
#include "core/node/password_policy.h"

using namespace walletd;

namespace {
std::string readFile(const std::string& path) {
  std::ifstream in(path);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}
}  // namespace

TEST_CASE("KDF's password policy") {
  REQUIRE(passwordPolicyViolation("1234567").value() ==
          "Password length should be at least 8 characters long");
  REQUIRE(passwordPolicyViolation("MyPassword1!").has_value());
  REQUIRE(passwordPolicyViolation("abcdefg1!").has_value());
  REQUIRE(passwordPolicyViolation("Abcdefgh!").has_value());
  REQUIRE(passwordPolicyViolation("Abcdefg12").has_value());
  REQUIRE(passwordPolicyViolation("Abbbcd12!").has_value());
  REQUIRE_FALSE(passwordPolicyViolation("walletd-Demo-1").has_value());
}

TEST_CASE("configuration keys, defaults and refusals") {
  NodeConfig d = NodeConfig::fromJson(Json::object());
  REQUIRE(d.rpcport == 7783);
  REQUIRE(d.rpcip == "127.0.0.1");
  REQUIRE(d.rpc_local_only);
  REQUIRE_FALSE(d.streaming.enabled);
  REQUIRE(NodeConfig::fromJson(Json::parse(R"({"rpcport":"8000"})")).rpcport == 8000);
  REQUIRE(NodeConfig::fromJson(Json::parse(R"({"rpcport":0})")).rpcport == 0);
  REQUIRE(NodeConfig::fromJson(Json::parse(R"({"rpc_password":"weak","allow_weak_password":true})"))
              .rpc_password == "weak");
  REQUIRE(NodeConfig::fromJson(Json::parse(R"({"event_streaming_configuration":{}})"))
              .streaming.enabled);
  REQUIRE_THROWS_WITH(NodeConfig::fromJson(Json::parse(R"({"rpcport":80})")), "rpcport < 1024");
  REQUIRE_THROWS_WITH(NodeConfig::fromJson(Json::parse(R"({"rpcport":70000})")), "rpcport > 65535");
  REQUIRE_THROWS_WITH(NodeConfig::fromJson(Json::parse(R"({"rpc_password":""})")),
                      "rpc_password must not be empty");
  REQUIRE_THROWS_WITH(NodeConfig::fromJson(Json::parse(R"({"rpc_password":{}})")),
                      "rpc_password must be string");
  REQUIRE_THROWS_AS(NodeConfig::fromJson(Json::parse(R"({"rpc_password":"weak"})")), ConfigError);
  REQUIRE_THROWS_AS(NodeConfig::fromJson(Json::parse(R"({"rpc_local_only":"yes"})")), ConfigError);
  REQUIRE_THROWS_AS(NodeConfig::fromJson(Json::array()), ConfigError);
}

TEST_CASE("a configuration error never repeats the password") {
  try {
    NodeConfig::fromJson(Json::parse(R"({"rpc_password":"secretword"})"));
    FAIL("accepted a weak password");
  } catch (const ConfigError& e) {
    REQUIRE(std::string(e.what()).find("secretword") == std::string::npos);
  }
}

TEST_CASE("KDF's real coins file loads unchanged") {
  std::string text = readFile(std::string(WALLETD_SOURCE_DIR) + "/tests/data/kdf-coins.json");
  REQUIRE(text.size() > 100000);
  CoinsConfig coins = CoinsConfig::fromText(text);
  REQUIRE(coins.size() == Json::parse(text).size());
  REQUIRE(coins.find("KMD")->protocol_type == "UTXO");
  REQUIRE(coins.find("ETH")->protocol_type == "ETH");
  REQUIRE(coins.find("ATOM")->protocol_type == "TENDERMINT");
  REQUIRE(coins.find("ARRR")->protocol_type == "ZHTLC");
}

TEST_CASE("walletd's own coins file holds its supported and test coins") {
  CoinsConfig coins =
      CoinsConfig::fromText(readFile(std::string(WALLETD_SOURCE_DIR) + "/config/coins.json"));
  for (const char* t : {"BTC", "LTC", "BCH", "QTUM", "ETH", "ATOM", "TRX", "USDT-TRC20", "ARRR",
                        "LTC-regtest", "ETH-ganache", "TRX-devnet", "ATOM-devnet"}) {
    INFO(t);
    REQUIRE(coins.find(t) != nullptr);
  }
}

TEST_CASE("a coins file that is not a JSON array is refused") {
  REQUIRE_THROWS_WITH(CoinsConfig::fromText("{}"), "the coins file must be a JSON array of coins");
  REQUIRE_THROWS_AS(CoinsConfig::fromText("[,"), CoinsFileError);
}

TEST_CASE("malformed entries load as KDF loads them: a warning each, the others unharmed") {
  const CoinsConfig coins = CoinsConfig::fromText(
      R"([{"name":"x"}, 7, {"coin":"X","protocol":{"type":1}}, {"coin":"Y","protocol":"UTXO"},
          {"coin":"Z","protocol":{"protocol_data":{}}}, {"coin":"OK","protocol":{"type":"UTXO"}}])");
  REQUIRE(
      coins.warnings() ==
      std::vector<std::string>{
          "coins[0] has no `coin` ticker: skipped", "coins[1] is not an object: skipped",
          "coins[2] (X) protocol: invalid type: number, expected a string: activating it will fail",
          "coins[3] (Y) protocol: invalid type: string, expected an object: activating it will "
          "fail",
          "coins[4] (Z) protocol: missing field `type`: activating it will fail"});
  REQUIRE(coins.find("X")->malformed == "protocol: invalid type: number, expected a string");
  REQUIRE(coins.find("Z")->protocol_type.empty());
  REQUIRE(!coins.find("OK")->malformed);
  REQUIRE(coins.find("OK")->protocol_type == "UTXO");
}

TEST_CASE("walletd's trezor object: Bridge's URL and the connect timeout, checked") {
  const NodeConfig defaults = NodeConfig::fromJson(Json::object());
  CHECK(defaults.trezor.bridge_url == "http://127.0.0.1:21325");
  CHECK(defaults.trezor.connect_timeout_s == 300);
  const NodeConfig set = NodeConfig::fromJson(
      Json::parse(R"({"trezor":{"bridge_url":"http://127.0.0.1:9999/","connect_timeout_s":5}})"));
  CHECK(set.trezor.bridge_url == "http://127.0.0.1:9999");
  CHECK(set.trezor.connect_timeout_s == 5);
  REQUIRE_THROWS_WITH(NodeConfig::fromJson(Json::parse(R"({"trezor":{"bridge_url":"ws://x"}})")),
                      "trezor.bridge_url must be an http:// or https:// URL");
  REQUIRE_THROWS_WITH(NodeConfig::fromJson(Json::parse(R"({"trezor":{"connect_timeout_s":0}})")),
                      "trezor.connect_timeout_s must be a number of seconds, 1 to 3600");
  REQUIRE_THROWS_WITH(NodeConfig::fromJson(Json::parse(R"({"trezor":[]})")),
                      "trezor must be an object");
  CHECK(defaults.trezor.transport == "bridge");
  CHECK(defaults.trezor.udp_address == "127.0.0.1:21324");
  const NodeConfig udp = NodeConfig::fromJson(
      Json::parse(R"({"trezor":{"transport":"udp","udp_address":"127.0.0.1:31324"}})"));
  CHECK(udp.trezor.transport == "udp");
  CHECK(udp.trezor.udp_address == "127.0.0.1:31324");
  CHECK(NodeConfig::fromJson(Json::parse(R"({"trezor":{"transport":"usb"}})")).trezor.transport ==
        "usb");
  for (const char* bad : {R"({"trezor":{"transport":"hid"}})", R"({"trezor":{"transport":1}})"}) {
    CAPTURE(bad);
    REQUIRE_THROWS_AS(NodeConfig::fromJson(Json::parse(bad)), ConfigError);
  }
  for (const char* bad : {"127.0.0.1", ":21324", "127.0.0.1:", "127.0.0.1:0", "127.0.0.1:65536",
                          "127.0.0.1:2x", "127.0.0.1:123456"}) {
    CAPTURE(bad);
    REQUIRE_THROWS_WITH(NodeConfig::fromJson(Json{{"trezor", {{"udp_address", bad}}}}),
                        "trezor.udp_address must be host:port");
  }
  REQUIRE_THROWS_WITH(
      NodeConfig::fromJson(Json::parse(R"({"wallet_connect":{"request_timeout_s":4000}})")),
      "wallet_connect.request_timeout_s must be a number of seconds, 1 to 3600");
}

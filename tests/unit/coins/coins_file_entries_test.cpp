// Coins-file entries that lack what a family needs, or hold the wrong JSON types, answer clear
// errors through enable_erc20 and enable_eth_with_tokens — never a crash (reading a missing key
// of a const JSON object is undefined behaviour, which CoinEntry's accessors rule out).
#include <catch2/catch.hpp>

#include "tests/unit/test_support.h"

using namespace walletd;
using namespace walletd::test;

namespace {

constexpr const char* kContract = "0x9ba8d8d5b6a1f2c4b30f8d6d6e5e8b3c8b8c1d2e";

CoinsConfig brokenEntries() {
  Json coins = Json::parse(R"([
    {"coin": "ETH", "derivation_path": "m/44'/60'", "protocol": {"type": "ETH",
      "protocol_data": {"chain_id": 1}}},
    {"coin": "NOPROTO"},
    {"coin": "NODATA", "protocol": {"type": "ERC20"}},
    {"coin": "DATASTRING", "protocol": {"type": "ERC20", "protocol_data": "ETH"}},
    {"coin": "NOCONTRACT", "protocol": {"type": "ERC20", "protocol_data": {"platform": "ETH"}}},
    {"coin": "NUMCONTRACT", "protocol": {"type": "ERC20",
      "protocol_data": {"platform": "ETH", "contract_address": 12}}},
    {"coin": "NUMPLATFORM", "protocol": {"type": "ERC20",
      "protocol_data": {"platform": 7, "contract_address": "x"}}},
    {"coin": "BADCONTRACT", "protocol": {"type": "ERC20",
      "protocol_data": {"platform": "ETH", "contract_address": "0x12"}}},
    {"coin": "GOOD", "decimals": "six", "protocol": {"type": "ERC20",
      "protocol_data": {"platform": "ETH", "contract_address": "CONTRACT"}}},
    {"coin": "NOCHAIN", "protocol": {"type": "ETH"}},
    {"coin": "CHAINTEXT", "chain_id": "1", "max_eth_tx_type": "2",
      "protocol": {"type": "ETH", "protocol_data": []}}])");
  coins[8]["protocol"]["protocol_data"]["contract_address"] = kContract;
  return CoinsConfig::fromJson(coins);
}

}  // namespace

TEST_CASE("enable_erc20 names what a token's coins-file entry lacks") {
  TestNode t(Json{{"passphrase", "entries"}}, brokenEntries());
  auto enable = [&](const char* ticker, int* status) {
    return t.rpc("enable_erc20", Json{{"ticker", ticker}, {"activation_params", Json::object()}},
                 status);
  };
  int status = 0;
  for (const auto& [ticker, reason] : std::vector<std::pair<const char*, const char*>>{
           {"NOPROTO", "protocol none"},
           {"NODATA", "protocol_data is not an object"},
           {"DATASTRING", "protocol_data is not an object"},
           {"NOCONTRACT", "contract_address is not a string"},
           {"NUMCONTRACT", "contract_address is not a string"},
           {"NUMPLATFORM", "platform is not a string"},
           {"BADCONTRACT", "invalid contract address"}}) {
    INFO(ticker);
    const Json answer = enable(ticker, &status);
    CHECK(status == 400);
    CHECK(answer["error_type"] == "UnexpectedTokenProtocol");
    CHECK(answer["error"].get<std::string>().find(reason) != std::string::npos);
    CHECK(answer["error_data"]["ticker"] == ticker);
  }
  // A well-formed token (its mistyped `decimals` ignored) gets as far as its platform.
  CHECK(enable("GOOD", &status)["error_type"] == "PlatformCoinIsNotActivated");
  CHECK(enable("MISSING", &status)["error_type"] == "TokenConfigIsNotFound");
}

TEST_CASE("enable_eth_with_tokens names what the platform's or a token's entry lacks") {
  TestNode t(Json{{"passphrase", "entries"}}, brokenEntries());
  int status = 0;
  auto activate = [&](const char* ticker, Json tokens = Json::array()) {
    return t.rpc("enable_eth_with_tokens",
                 Json{{"ticker", ticker},
                      {"nodes", {{{"url", "http://127.0.0.1:1"}}}},
                      {"erc20_tokens_requests", tokens}},
                 &status);
  };
  const Json no_protocol = activate("NOPROTO");
  CHECK(no_protocol["error_type"] == "UnexpectedPlatformProtocol");
  CHECK(no_protocol["error_data"] == Json{{"ticker", "NOPROTO"}, {"protocol", nullptr}});
  for (const char* token : {"NODATA", "DATASTRING", "NOCONTRACT", "NUMCONTRACT", "NUMPLATFORM"}) {
    INFO(token);
    CHECK(activate("ETH", Json::array({{{"ticker", token}}}))["error_type"] ==
          "UnexpectedTokenProtocol");
    CHECK(status == 400);
  }
  // No chain id anywhere, or one of the wrong type: the platform cannot be created (before any
  // node is asked).
  for (const char* platform : {"NOCHAIN", "CHAINTEXT"}) {
    INFO(platform);
    const Json answer = activate(platform);
    CHECK(answer["error_type"] == "PlatformCoinCreationError");
    CHECK(status == 500);
    CHECK(answer["error_data"]["error"] == "no chain_id in the coins file");
  }
  CHECK(t.rpc("get_enabled_coins")["result"]["coins"] == Json::array());
}

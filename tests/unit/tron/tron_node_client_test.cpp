// TronNodeClient against recorded real node answers (tests/data/recorded/tron, sources in
// docs/recordings.md): only the fields walletd uses are read, the rest — negative values such as
// mainnet's getRemoveThePowerOfTheGr = -1, keys without a value (proto3 zeros), keys walletd has
// never heard of — are ignored.
#include <catch2/catch.hpp>

#include "core/coins/tron/tron_node_client.h"
#include "tests/unit/test_support.h"

using namespace walletd;
using namespace walletd::test;

namespace {

std::string recorded(const std::string& name) {
  return readTextFile(std::string(WALLETD_SOURCE_DIR) + "/tests/data/recorded/tron/" + name);
}

struct Fixture {
  ManualClock clock;
  LoopExecutor loop{clock};
  ScriptedHttpClient http;
  TronNodeClient client{http, {{"http://tron"}}, 5000, &clock};

  void answer(const std::string& path, std::string body) {
    http.on("http://tron" + path, [body](const HttpRequest&) {
      return HttpResponse{200, {}, body};
    });
  }
  TronChainParameters parameters() { return runTask(loop, clock, client.chainParameters()); }
};

}  // namespace

TEST_CASE("getchainparameters: mainnet's answer (a -1 and valueless keys) gives the fee keys") {
  Fixture f;
  f.answer("/wallet/getchainparameters", recorded("getchainparameters-mainnet-tronweb-docs.json"));
  const TronChainParameters p = f.parameters();
  CHECK(p.transaction_fee == 1000);
  CHECK(p.energy_fee == 280);
  CHECK(p.create_account_fee == 100000);
  CHECK(p.create_new_account_fee == 1000000);
  CHECK(p.create_account_bandwidth_rate == 1);
  CHECK(p.max_fee_limit == 10000000000);
}

TEST_CASE("getchainparameters: a later answer with the dynamic-energy keys") {
  Fixture f;
  f.answer("/wallet/getchainparameters", recorded("getchainparameters-tatum-docs.json"));
  const TronChainParameters p = f.parameters();
  CHECK(p.energy_fee == 420);
  CHECK(p.max_fee_limit == 15000000000);
}

TEST_CASE(
    "getchainparameters: a used key without a value is zero; a negative used key is refused") {
  Fixture f;
  f.answer("/wallet/getchainparameters",
           R"({"chainParameter":[{"key":"getEnergyFee"},{"key":"getTransactionFee","value":1000},
               {"key":"getSomethingNew","value":-7},{"key":"getMaxFeeLimit","value":"15"}]})");
  CHECK_THROWS_AS(f.parameters(), TronNodeMisbehaved);  // a string where a number belongs
  f.answer("/wallet/getchainparameters",
           R"({"chainParameter":[{"key":"getEnergyFee"},{"key":"getTransactionFee","value":1000},
               {"key":"getSomethingNew","value":-7}]})");
  const TronChainParameters p = f.parameters();
  CHECK(p.energy_fee == 0);
  CHECK(p.transaction_fee == 1000);
  f.answer("/wallet/getchainparameters",
           R"({"chainParameter":[{"key":"getEnergyFee","value":-1}]})");
  CHECK_THROWS_AS(f.parameters(), TronNodeMisbehaved);
}

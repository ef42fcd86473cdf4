// The Tendermint client against recorded real CometBFT answers of tests/data/recorded/cosmos
// (docs/recordings.md): TendermintRpcClient and what it reads from each — the height of
// abci_info, a BaseAccount and a bank balance from abci_query (Terra's pisco-1), the SDK's
// code-22 "not found" answer for an unknown account (Axelar), and broadcast_tx_commit in
// CometBFT 0.38's shape (tx_result) and 0.34's (deliver_tx). Ids are rewritten to the request's.
#include <catch2/catch.hpp>

#include "core/coins/tendermint/tendermint_rpc_client.h"
#include "tests/unit/recorded/recorded.h"

using namespace walletd;
using namespace walletd::test;

namespace {

constexpr const char* kNode = "http://comet";

struct Fixture : TaskLoop {
  ScriptedHttpClient http;
  TendermintRpcClient client{http, {{kNode}}, &clock, nullptr};

  // Answers every request with the recording `file` (under cosmos/), its id rewritten; a
  // response-only recording is wrapped as {"response": ...} in an envelope.
  void serve(const std::string& file, bool response_only = false) {
    http.on(kNode, [file, response_only](const HttpRequest& r) {
      const Json id = Json::parse(r.body)["id"];
      const std::string text = recorded("cosmos/" + file);
      const std::string body = response_only
                                   ? wrapped(Json{{"response", Json::parse(text)}}.dump(), id)
                                   : withId(text, id);
      return HttpResponse{200, {}, body};
    });
  }
  Json sent() const { return Json::parse(http.requests.back().body); }
};

}  // namespace

TEST_CASE("recorded CometBFT abci_info: last_block_height as a string", "[recorded]") {
  Fixture f;
  f.serve("abci_info-terra-v2.2.0-crosschain.json");
  CHECK(f.run(f.client.latestHeight()) == 2803726);
  CHECK(f.sent()["method"] == "abci_info");
  Fixture kvstore;
  kvstore.serve("abci_info-cometbft-0.38-kvstore-tendermint-rs.json");
  CHECK(kvstore.run(kvstore.client.latestHeight()) > 0);
}

TEST_CASE("recorded Cosmos auth Account: a BaseAccount's number and sequence", "[recorded]") {
  Fixture f;
  f.serve("abci_query-auth-account-baseaccount-terra-crosschain.json");
  const auto account = f.run(f.client.account("terra1dp3q305hgttt8n34rt8rg9xpanc42z4ye7upfg"));
  REQUIRE(account);
  CHECK(account->account_number == 17241);
  CHECK(account->sequence == 3);
  const Json request = f.sent();
  CHECK(request["method"] == "abci_query");
  CHECK(request["params"]["path"] == "/cosmos.auth.v1beta1.Query/Account");
  CHECK(request["params"]["prove"] == false);
}

TEST_CASE("recorded Cosmos auth Account: code 22 NotFound is no account", "[recorded]") {
  Fixture f;
  f.serve("abci_query-auth-account-not-found-code22-response-only-axelar-issue.json", true);
  CHECK_FALSE(f.run(f.client.account("axelar1h7jxh0ynr2mx4ze5zh4wxm0akuk6fs4rv58we2")));
}

TEST_CASE("recorded Cosmos bank Balance: the coin's amount", "[recorded]") {
  Fixture f;
  f.serve("abci_query-bank-balance-terra-crosschain.json");
  CHECK(f.run(f.client.balance("terra1dp3q305hgttt8n34rt8rg9xpanc42z4ye7upfg", "uluna")) ==
        UInt256(4979063));
}

TEST_CASE("recorded CometBFT broadcast_tx_commit: 0.38 tx_result and 0.34 deliver_tx",
          "[recorded]") {
  Fixture f;
  f.serve("broadcast_tx_commit-tx_result-cometbft-0.38-kvstore-tendermint-rs.json");
  const TendermintBroadcast sent = f.run(f.client.broadcastCommit(Bytes{1, 2, 3}));
  CHECK(sent.hash == "D63F9C23791E610410B576D8C27BB5AEAC93CC1A58522428A7B32A1276085860");
  CHECK(sent.height == 227);
  CHECK(f.sent()["params"]["tx"] == "AQID");
  Fixture old;
  old.serve("broadcast_tx_commit-deliver_tx-tendermint-0.34-kvstore-tendermint-rs.json");
  CHECK(old.run(old.client.broadcastCommit(Bytes{1})).height == 62);
}

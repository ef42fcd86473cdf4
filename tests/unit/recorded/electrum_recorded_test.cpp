// ElectrumClient and ElectrumBackend against every recorded Electrum answer of
// tests/data/recorded/electrum (ElectrumX's and Electrum's protocol documentation): result-only
// recordings wrapped, recorded lines served with the request's id — including the legacy lines
// without "jsonrpc" and with a string `error`. What the backend reads from each, exactly. And
// QTUM's contract reads from qtumd's recorded answers (tests/data/recorded/qtum): the call's
// output from older and newer nodes, a Transfer log from a newer node's receipt entry.
#include <catch2/catch.hpp>

#include "core/coins/utxo/chain/bitcoin_chain.h"
#include "core/coins/utxo/electrum/electrum_backend.h"
#include "core/encoding/hex.h"
#include "tests/unit/recorded/recorded_electrum_server.h"

using namespace walletd;
using namespace walletd::test;

namespace {

struct Fixture : TaskLoop {
  RecordedElectrumServer server{loop};
  ElectrumBackend backend{server, loop, {{"tcp://recorded:50001"}},
                          1000,   8,    std::make_shared<BitcoinChain>()};
  // Any output script: the backend asks by its script hash.
  WatchedAddress address{"address", fromHex("76a91400112233445566778899aabbccddeeff0011223388ac")};

  void result(const std::string& method, const std::string& file) {
    server.answerResult(method, recorded("electrum/" + file));
  }
  void line(const std::string& method, const std::string& file) {
    server.answer(method, recorded("electrum/" + file));
  }
  // The ElectrumError a call throws (FAIL when it throws none).
  template <typename T>
  ElectrumError refusal(Task<T> task) {
    try {
      run(std::move(task));
    } catch (const ElectrumError& e) {
      return e;
    }
    FAIL("expected ElectrumError");
    throw std::logic_error("unreachable");
  }
};

ByteArray<20> hash20(const std::string& hex) {
  const Bytes b = fromHex(hex);
  ByteArray<20> out{};
  std::copy(b.begin(), b.end(), out.begin());
  return out;
}

}  // namespace

TEST_CASE("recorded Electrum server.version: a server that negotiates 1.2 is not used",
          "[recorded]") {
  Fixture f;
  f.result("server.version", "server.version-negotiated-1.2-result-electrumx-docs.json");
  CHECK_THROWS_AS(f.run(f.backend.currentBlock()), ElectrumUnavailable);
  CHECK_THROWS_WITH(f.run(f.backend.currentBlock()),
                    Catch::Contains("does not speak Electrum protocol 1.4"));
  CHECK(f.server.requests.front().second == Json::array({"walletd", "1.4"}));
}

TEST_CASE("recorded Electrum blockchain.headers.subscribe: the tip's height", "[recorded]") {
  Fixture f;
  f.result("blockchain.headers.subscribe",
           "blockchain.headers.subscribe-result-electrumx-docs.json");
  CHECK(f.run(f.backend.currentBlock()) == 520481);
}

TEST_CASE("recorded Electrum blockchain.block.headers: block 1's time, its header connecting",
          "[recorded]") {
  Fixture f;
  f.result("blockchain.block.headers",
           "blockchain.block.headers-genesis-2-result-electrumx-docs.json");
  CHECK(f.run(f.backend.blockTimes({1})) == std::vector<std::uint64_t>{1231469665});
  CHECK(f.server.requests.back().second == Json::array({0, 2}));
}

TEST_CASE("recorded Electrum blockchain.estimatefee: coin/kB as satoshis per kB", "[recorded]") {
  Fixture f;
  f.result("blockchain.estimatefee", "blockchain.estimatefee-result-electrumx-docs.json");
  CHECK(f.run(f.backend.feeRate(2, std::nullopt)) == std::optional<std::uint64_t>(101079));
}

TEST_CASE(
    "recorded Electrum blockchain.scripthash.listunspent: outputs, confirmations from the tip",
    "[recorded]") {
  Fixture f;
  f.result("blockchain.headers.subscribe",
           "blockchain.headers.subscribe-result-electrumx-docs.json");
  f.run(f.backend.currentBlock());  // tip 520481
  f.result("blockchain.scripthash.listunspent",
           "blockchain.scripthash.listunspent-result-electrumx-docs.json");
  auto lists = f.run(f.backend.unspent({f.address}));
  REQUIRE((lists.size() == 1 && lists[0].size() == 2));
  const UnspentOutput& a = lists[0][0];
  CHECK(a.outpoint.displayTxid() ==
        "9f2c45a12db0144909b5db269415f7319179105982ac70ed80d76ea79d923ebf");
  CHECK((a.outpoint.index == 0 && a.value == 45318048 && a.confirmations == 83336));
  CHECK(a.script_pubkey == f.address.script);
  const UnspentOutput& b = lists[0][1];
  CHECK(b.outpoint.displayTxid() ==
        "3d2290c93436a3e964cfc2f0950174d8847b1fbe3946432c4784e168da0f019f");
  CHECK((b.outpoint.index == 0 && b.value == 919195 && b.confirmations == 78786));

  // The legacy address method's line: the same shape, newlines inside the object.
  f.line("blockchain.scripthash.listunspent",
         "blockchain.scripthash.listunspent-legacy-address-method-line-electrum-docs.json");
  lists = f.run(f.backend.unspent({f.address}));
  REQUIRE(lists[0].size() == 2);
  CHECK((lists[0][0].outpoint.index == 0 && lists[0][0].value == 24990000));
  CHECK((lists[0][1].outpoint.index == 1 && lists[0][1].value == 19890000));
  CHECK(lists[0][1].confirmations == 520481 - 340242 + 1);
}

TEST_CASE("recorded Electrum get_history: a mempool entry with `fee`; the legacy line's heights",
          "[recorded]") {
  Fixture f;
  f.result("blockchain.scripthash.get_history",
           "blockchain.scripthash.get_history-mempool-entry-result-electrumx-docs.json");
  auto history = f.run(f.backend.history({f.address}));
  REQUIRE(history.size() == 1);
  CHECK(history[0].txid == "45381031132c57b2ff1cbe8d8d3920cf9ed25efd9a0beb764bdb2f24c7d1c7e3");
  CHECK(history[0].height == 0);
  CHECK(f.run(f.backend.used({f.address})) == std::vector<bool>{true});

  f.line("blockchain.scripthash.get_history",
         "blockchain.scripthash.get_history-legacy-address-method-line-electrum-docs.json");
  history = f.run(f.backend.history({f.address}));
  REQUIRE(history.size() == 2);
  CHECK(history[0].txid == "ac9cd2f02ac3423b022e86708b66aa456a7c863b9730f7ce5bc24066031fdced");
  CHECK((history[0].height == 340235 && history[1].height == 340237));
}

TEST_CASE("recorded Electrum blockchain.transaction.get: legacy lines, a string error",
          "[recorded]") {
  Fixture f;
  const std::string txid = "0e3e2357e806b6cdb1f70b54c3a3a17b6714ee1f0e68bebb44a74b1efd512098";
  f.line("blockchain.transaction.get", "blockchain.transaction.get-legacy-line-electrum-docs.json");
  const auto raws = f.run(f.backend.transactions({txid}));
  const Json line =
      Json::parse(recorded("electrum/blockchain.transaction.get-legacy-line-"
                           "electrum-docs.json"));
  REQUIRE(raws.size() == 1);
  CHECK(raws[0] == fromHex(line["result"].get<std::string>()));

  // The error is a string (a Python repr), taken as it is.
  f.line("blockchain.transaction.get",
         "blockchain.transaction.get-error-as-string-legacy-line-electrum-docs.json");
  const ElectrumError e = f.refusal(f.backend.transactions({txid}));
  CHECK(std::string(e.what()) ==
        "{ u'message': u'No information available about transaction', u'code': -5 }");
}

TEST_CASE("recorded Electrum blockchain.transaction.broadcast: the txid; a refusal as the result",
          "[recorded]") {
  Fixture f;
  f.result("blockchain.transaction.broadcast",
           "blockchain.transaction.broadcast-result-electrumx-docs.json");
  CHECK(f.run(f.backend.broadcast("0100")) ==
        "a76242fce5753b4212f903ff33ac6fe66f2780f34bdb4b33b175a7815a11a98e");

  // Protocol 1.0's refusal delivered as a result string: the server's words, as a refusal.
  f.result("blockchain.transaction.broadcast",
           "blockchain.transaction.broadcast-protocol-1.0-error-as-result-electrumx-docs.json");
  const ElectrumError e = f.refusal(f.backend.broadcast("0100"));
  CHECK(std::string(e.what()) == "258: txn-mempool-conflict");
}

// QTUM's contract reads: qtumd's answers (tests/data/recorded/qtum) as QTUM's ElectrumX passes
// them on.
TEST_CASE("recorded qtumd callcontract answers: older and newer nodes", "[recorded]") {
  Fixture f;
  f.server.answerResult("blockchain.contract.call",
                        recorded("qtum/callcontract-balanceof-bodhi-qtum-wiki.json"));
  const Bytes balance = f.run(f.backend.callContract(
      hash20("f13f51550faaf698d09fdcc74d79335bfe19e062"),
      fromHex("70a082310000000000000000000000004cb69aae6761e52413b948ad10689cc2428e2ef7")));
  CHECK(toHex(balance) == std::string(61, '0') + "15e");  // 350, as the wiki says
  CHECK(f.server.requests.back().second ==
        Json::array({"f13f51550faaf698d09fdcc74d79335bfe19e062",
                     "70a082310000000000000000000000004cb69aae6761e52413b948ad10689cc2428e2ef7",
                     ""}));

  f.server.answerResult("blockchain.contract.call",
                        recorded("qtum/callcontract-balanceof-newer-node-kpgd-krc20-guide.json"));
  const Bytes newer = f.run(f.backend.callContract(
      hash20("68048b799fe3e5c1484ba6fe3d000fdc3256579d"),
      fromHex("70a08231000000000000000000000000b95417e635df8daa8d5d87025f63d0112c2e8501")));
  CHECK(toHex(newer) == "0000000000000000000000000000000000000000033b2e3c9fd0803ce8000000");

  f.server.answerResult("blockchain.contract.call",
                        recorded("qtum/callcontract-simplestore-get-qtumbook.json"));
  const Bytes value = f.run(f.backend.callContract(
      hash20("cd20af1f2d6ac4173f9464030e7cef40bf9cb7c4"), fromHex("6d4ce63c")));
  CHECK(toHex(value) == std::string(63, '0') + "1");
}

TEST_CASE("recorded qtumd receipt entry: a QRC20 Transfer log", "[recorded]") {
  Fixture f;
  f.server.answerResult(
      "blochchain.transaction.get_receipt",
      recorded("qtum/searchlogs-qrc20-transfer-newer-node-kpgd-krc20-guide.json"));
  const std::vector<ContractLog> logs = f.run(
      f.backend.receiptLogs("ae273fdc7fc24040b7b0d80308525dca77c8c56a2e4965ea8ea6322cf9b46b3e"));
  CHECK(f.server.requests.back().first == "blochchain.transaction.get_receipt");
  CHECK(f.server.requests.back().second ==
        Json::array({"ae273fdc7fc24040b7b0d80308525dca77c8c56a2e4965ea8ea6322cf9b46b3e"}));
  REQUIRE(logs.size() == 1);
  CHECK(logs[0].address == "68048b799fe3e5c1484ba6fe3d000fdc3256579d");
  REQUIRE(logs[0].topics.size() == 3);
  CHECK(logs[0].topics[0] == "ddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef");
  CHECK(logs[0].topics[2] == "000000000000000000000000793e1a00fd4f5de6e58331cc7ff555da0746286a");
  CHECK(logs[0].data == "0000000000000000000000000000000000000000033b2e3c9fd0803ce8000000");
}

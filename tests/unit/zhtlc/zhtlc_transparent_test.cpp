// ZhtlcTransparent (ZHTLC's Electrum side) against a scripted Electrum server: the tip from
// blockchain.headers.subscribe, full transactions fetched once each in one batch and checked
// against their txids (a server answering other bytes is not believed), and broadcasts with the
// server's refusals.
#include <catch2/catch.hpp>

#include "core/coins/zhtlc/zhtlc_transparent.h"
#include "core/crypto/hashes.h"
#include "core/encoding/hex.h"
#include "tests/unit/scripted_electrum.h"
#include "tests/unit/test_support.h"

using namespace walletd;
using namespace walletd::test;

namespace {

struct Fixture : TaskLoop {
  ScriptedElectrum server;
  ZhtlcTransparent electrum{server, loop, {{"tcp://electrum:1"}}, 1000};
  Fixture() { server.executor = &loop; }
};

// A v4 Sapling transaction with `lock_time` (to tell two apart) and its raw bytes.
Bytes saplingTx(std::uint32_t lock_time) {
  SaplingTransaction tx;
  tx.lock_time = lock_time;
  return serializeSaplingTransaction(tx);
}

}  // namespace

TEST_CASE("ZHTLC Electrum: the tip is headers.subscribe's height; another shape is refused",
          "[zhtlc]") {
  Fixture f;
  f.server.answer = [](const std::string& method, const Json&) -> std::optional<Json> {
    if (method != "blockchain.headers.subscribe") return std::nullopt;
    return Json{{"height", 2228711}, {"hex", "04000000"}};
  };
  CHECK(f.run(f.electrum.currentBlock()) == 2228711);
  f.server.answer = [](const std::string&, const Json&) -> std::optional<Json> {
    return Json{{"block_height", 5}};
  };
  CHECK_THROWS_AS(f.run(f.electrum.currentBlock()), ElectrumUnavailable);
}

TEST_CASE("ZHTLC Electrum: transactions once each, checked against their txids", "[zhtlc]") {
  Fixture f;
  const Bytes a = saplingTx(1), b = saplingTx(2);
  const ByteArray<32> a_id = sha256d(a), b_id = sha256d(b);
  std::vector<std::string> asked;
  bool lie = false;
  f.server.answer = [&](const std::string& method, const Json& params) -> std::optional<Json> {
    if (method != "blockchain.transaction.get") return std::nullopt;
    const std::string txid = params.at(0);
    asked.push_back(txid);
    if (lie) return toHex(b);
    return toHex(txid == toReversedHex(a_id) ? a : b);
  };
  const auto got = f.run(f.electrum.transactions({a_id, b_id, a_id}));
  CHECK(asked.size() == 2);
  REQUIRE(got.size() == 2);
  CHECK(got.at(a_id).lock_time == 1);
  CHECK(got.at(b_id).lock_time == 2);

  lie = true;  // b's bytes for a: the only server is not believed
  try {
    f.run(f.electrum.transactions({a_id}));
    FAIL("a lying server was believed");
  } catch (const ElectrumUnavailable& e) {
    CHECK(std::string(e.what()).find("another transaction than " + toReversedHex(a_id)) !=
          std::string::npos);
  }
}

TEST_CASE("ZHTLC Electrum: a broadcast answers the txid; refusals carry the server's words",
          "[zhtlc]") {
  CHECK(toReversedHex(Bytes{0x01, 0x02, 0xab}) == "ab0201");  // txids are shown reversed
  Fixture f;
  const Bytes raw = saplingTx(7);
  std::string answer = toReversedHex(sha256d(raw));
  f.server.answer = [&](const std::string& method, const Json& params) -> std::optional<Json> {
    if (method != "blockchain.transaction.broadcast" || params.at(0) != toHex(raw))
      return std::nullopt;
    return answer;
  };
  CHECK(f.run(f.electrum.broadcast(raw)) == toReversedHex(sha256d(raw)));
  answer = "258: txn-mempool-conflict";  // a protocol 1.0 server's refusal, as the result
  try {
    f.run(f.electrum.broadcast(raw));
    FAIL("a refusal was taken for a txid");
  } catch (const ElectrumError& e) {
    CHECK(std::string(e.what()).find("txn-mempool-conflict") != std::string::npos);
  }
  f.server.answer = nullptr;  // an error object
  CHECK_THROWS_AS(f.run(f.electrum.broadcast(raw)), ElectrumError);
}

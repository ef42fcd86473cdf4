// QTUM delegation's pure parts against the real addDelegation transaction 308c91fd…0e7b of QTUM's
// docs (delegator qbNeoqCb…aeKz, staker qcyBHeSc…mtmBE): the proof-of-delegation message and
// digest, its signature recovering the delegator's key, a PoD walletd signs recovering walletd's
// key, the addDelegation call data's layout, and the Electrum answers the staking info reads.
#include <catch2/catch.hpp>

#include "core/coins/utxo/qtum/contract_call.h"
#include "core/coins/utxo/qtum/qtum_delegation.h"
#include "core/crypto/hashes.h"
#include "core/crypto/secp256k1.h"
#include "core/encoding/hex.h"

using namespace walletd;

namespace {

ByteArray<20> docsStaker() {
  ByteArray<20> out{};
  const Bytes b = fromHex("d4ea77298fdac12c657a18b222adc8b307e18127");
  std::copy(b.begin(), b.end(), out.begin());
  return out;
}

}  // namespace

TEST_CASE("the PoD message and digest of the docs' delegation", "[utxo][qtum]") {
  const Bytes message = QtumDelegation::proofMessage(docsStaker());
  CHECK(toHex(Bytes(message.begin(), message.begin() + 23)) ==
        "155174756d205369676e6564204d6573736167653a0a28");
  CHECK(std::string(message.begin() + 23, message.end()) ==
        "d4ea77298fdac12c657a18b222adc8b307e18127");
  CHECK(toHex(sha256d(message)) ==
        "4b5f95cdb372bb32a778380fd7bacb5df4418b8c70eff3db43fe27f820684b22");
  // The docs' PoD (header 0x20: recovery id 1, compressed) recovers the delegator's key.
  const Bytes pod = fromHex(
      "20bf35729611a42875b49e890b7330c94a5227259b2cd987f885aaea3a08bad3897266a39db2d34f8009efa95eb8"
      "77083b1eefccf2257f02cc0aa2e8db9a7f3eea");
  RecoverableSignature sig;
  std::copy(pod.begin() + 1, pod.end(), sig.compact.begin());
  sig.recovery_id = pod[0] - 31;
  CHECK(toHex(recoverPublicKey(sha256d(message), sig).compressed()) ==
        "02641b541e35bc915e375c8038f1099a977bc6736aa7265e9f65b7270b70d34366");
}

TEST_CASE("walletd's PoD recovers its key; addDelegation's layout", "[utxo][qtum]") {
  PrivateKey key{};
  key.fill(0x42);
  const Bytes pod = QtumDelegation::proofOfDelegation(docsStaker(), key);
  REQUIRE(pod.size() == 65);
  REQUIRE((pod[0] >= 31 && pod[0] <= 34));
  RecoverableSignature sig;
  std::copy(pod.begin() + 1, pod.end(), sig.compact.begin());
  sig.recovery_id = pod[0] - 31;
  CHECK(recoverPublicKey(sha256d(QtumDelegation::proofMessage(docsStaker())), sig).compressed() ==
        PublicKey::fromPrivate(key).compressed());

  const Bytes data = QtumDelegation::addDelegationData(docsStaker(), 10, pod);
  REQUIRE(data.size() == 228);
  const std::string hex = toHex(data);
  CHECK(hex.substr(0, 8) == "4c0e968c");
  CHECK(hex.substr(8, 64) == std::string(24, '0') + "d4ea77298fdac12c657a18b222adc8b307e18127");
  CHECK(hex.substr(72, 64) == std::string(62, '0') + "0a");
  CHECK(hex.substr(136, 64) == std::string(62, '0') + "60");
  CHECK(hex.substr(200, 64) == std::string(62, '0') + "41");
  CHECK(hex.substr(264, 130) == toHex(pod));
  CHECK(hex.substr(394) == std::string(62, '0'));
  // removeDelegation() in KDF's 100,000-gas call: the real transaction 3564859a…35ae's output 0.
  const ContractCall remove{100'000, 40, QtumDelegation::removeDelegationData(),
                            QtumDelegation::contract()};
  CHECK(toHex(contractCallScript(remove)) ==
        "5403a086010128043d666e8b140000000000000000000000000000000000000086c2");
}

TEST_CASE("event history and receipt answers as QTUM's ElectrumX gives them", "[utxo][qtum]") {
  const Json events = Json::parse(
      R"([{"tx_hash":"308c91fd50ec0f724d8c9f5601676b93889ae072b369b7a3d62684d6c3c60e7b","height":699545,"log_index":0}])");
  const auto read = contractEventsOf(events);
  REQUIRE(read);
  REQUIRE(read->size() == 1);
  CHECK((*read)[0].height == 699545);
  CHECK(!contractEventsOf(Json::parse(R"([{"tx_hash":"00","height":1}])")));
  CHECK(!contractEventsOf(Json::parse(R"({"tx_hash":"x"})")));

  const Json receipt = Json::parse(R"([{"blockNumber":699545,"outputIndex":0,"excepted":"None",
    "log":[{"address":"0000000000000000000000000000000000000086",
            "topics":["a23803f3b2b56e71f2921c22b23c32ef596a439dbe03f7250e6b58a30eb910b5",
                      "000000000000000000000000d4ea77298fdac12c657a18b222adc8b307e18127",
                      "0000000000000000000000006c1bf0d1ba6c9e8d0b2ff3e38a8b5e7e1d9a6f3e"],
            "data":""}]}])");
  const auto logs = receiptLogsOf(receipt);
  REQUIRE(logs);
  REQUIRE(logs->size() == 1);
  CHECK((*logs)[0].topics[0] == QtumDelegation::kAddTopic);
  CHECK(!receiptLogsOf(Json::parse(R"([{"log":[{"address":"86","topics":[]}]}])")));
  // A 0x-prefixed address or topic is read too (KDF's transfer_event_from_log takes both).
  const auto prefixed =
      receiptLogsOf(Json::parse(R"([{"log":[{"address":"0x0000000000000000000000000000000000000086",
    "topics":["0xA23803F3B2B56E71F2921C22B23C32EF596A439DBE03F7250E6B58A30EB910B5"],"data":""}]}])"));
  REQUIRE(prefixed);
  CHECK((*prefixed)[0].address == "0000000000000000000000000000000000000086");
  CHECK((*prefixed)[0].topics[0] == QtumDelegation::kAddTopic);
}

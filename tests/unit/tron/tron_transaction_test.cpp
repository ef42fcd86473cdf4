// TRON transaction encoding against published vectors: tronweb's offline TRX and TRC20
// transfers (raw_data, txID, signature, signed bytes) and KDF's golden vectors, two real Nile
// transactions; and the protobuf reader on what the writer made and on damaged input.
#include <catch2/catch.hpp>

#include "core/coins/tron/tron_transaction.h"
#include "core/encoding/hex.h"
#include "core/encoding/protobuf.h"
#include "core/encoding/token_abi.h"
#include "core/encoding/tron_address.h"

using namespace walletd;

namespace {

PrivateKey keyOne() {
  PrivateKey key{};
  key[31] = 1;
  return key;
}

TronBlockRef blockRef(std::uint64_t number, const std::string& id_hex, std::uint64_t time) {
  TronBlockRef ref;
  ref.number = number;
  const Bytes id = fromHex(id_hex);
  std::copy(id.begin(), id.end(), ref.id.begin());
  ref.timestamp_ms = time;
  return ref;
}

// The tronweb vectors' common inputs: key 0x..01, block 70000000, expiration = time + 60 s.
TronTransaction tronwebVectorTx() {
  return TronTransaction::onBlock(
      blockRef(70000000, "00000000042c1d80a1b2c3d4e5f6071800000000000000000000000000000000",
               1735689600000),
      60);
}

const EthAddress kOwner = parseTronAddress("TMVQGm1qAQYVdetCeGRRkTWYYrLXuHK2HC");
const EthAddress kRecipient = parseTronAddress("TDvSsdrNM5eeXNL3czpa6AxLDHZA9nwe9K");

}  // namespace

TEST_CASE("tronweb vector: TRX TransferContract of 1000000 sun") {
  TronTransaction tx = tronwebVectorTx();
  tx.contract = TronTransfer{kOwner, kRecipient, 1000000};
  const std::string raw =
      "0a021d802208a1b2c3d4e5f6071840e0cca9f9c1325a67080112630a2d747970652e676f6f676c65617069732e"
      "636f6d2f70726f746f636f6c2e5472616e73666572436f6e747261637412320a15417e5f4552091a69125d5dfc"
      "b7b8c2659029395bdf1215412b5ad5c4795c026514f8317c7a215e218dccd6cf18c0843d7080f8a5f9c132";
  CHECK(toHex(tx.rawData()) == raw);
  const auto signed_tx = tx.sign(keyOne());
  CHECK(toHex(signed_tx.txid) ==
        "557e40fb1d6b41b0146a42027f94cbafa7d1663128c3575789de4e262783cebe");
  const std::string signature =
      "287b420096de0a3c294ffcd6227e82e03dfbc6e9e8240873f81cea0bcd65b15f160854d07276cc14129c23ecae"
      "450200dc805c781060b89024cd9b316b27a5171c";
  CHECK(toHex(signed_tx.signature) == signature);
  CHECK(toHex(signed_tx.bytes) == "0a8501" + raw + "1241" + signature);
  CHECK(signed_tx.bytes.size() == 203);
  CHECK(tronBandwidth(signed_tx) == 267);
}

TEST_CASE("tronweb vector: TRC20 transfer through TriggerSmartContract, fee_limit 100 TRX") {
  TronTransaction tx = tronwebVectorTx();
  tx.fee_limit = 100000000;
  tx.contract = TronTrigger{kOwner, parseTronAddress("TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t"),
                            erc20TransferData(kRecipient, UInt256(1000000)), 0};
  const std::string raw =
      "0a021d802208a1b2c3d4e5f6071840e0cca9f9c1325aae01081f12a9010a31747970652e676f6f676c65617069"
      "732e636f6d2f70726f746f636f6c2e54726967676572536d617274436f6e747261637412740a15417e5f455209"
      "1a69125d5dfcb7b8c2659029395bdf121541a614f803b6fd780986a42c78ec9c7f77e6ded13c2244a9059cbb00"
      "00000000000000000000002b5ad5c4795c026514f8317c7a215e218dccd6cf0000000000000000000000000000"
      "0000000000000000000000000000000f42407080f8a5f9c132900180c2d72f";
  CHECK(toHex(tx.rawData()) == raw);
  const auto signed_tx = tx.sign(keyOne());
  CHECK(toHex(signed_tx.txid) ==
        "fb3edc41e5b21d4db8a76f7c40d524bcf171b01364606dc626dcb64e053f94ee");
  CHECK(toHex(signed_tx.signature) ==
        "dd84e744bfd77d52d41c57b6e9dcef63ffbdfb7d00d586b4ae7bce05e6c7aff42a202f60c77750b833c6e254ad"
        "be7cdc3fbdc96cdc82d1eaea328a0c08bb5ec51c");
  CHECK(signed_tx.bytes.size() == 281);
  CHECK(tronBandwidth(signed_tx) == 345);
}

TEST_CASE("KDF golden vectors: a real Nile TRX transfer and a real Nile TRC20 transfer") {
  TronTransaction trx = TronTransaction::onBlock(
      blockRef(64687673, "0000000003db0e39901ce5715271b601b1c57055f5d8fa6a9fe3505eee560308",
               1770522369000),
      60);
  trx.timestamp_ms = 1770522424709;  // the broadcast transaction's own values
  trx.expiration_ms = 1770522483000;
  trx.contract =
      TronTransfer{parseTronAddress("4123b00d15c601b30613bf5a3b2f72527c79cc08b6"),
                   parseTronAddress("0x418840e6c55b9ada326d211d818c34a994aeced808"), 1000};
  CHECK(toHex(trx.rawData()) ==
        "0a020e392208901ce5715271b60140b8b2f4dac3335a66080112620a2d747970652e676f6f676c6561706973"
        "2e636f6d2f70726f746f636f6c2e5472616e73666572436f6e747261637412310a154123b00d15c601b30613"
        "bf5a3b2f72527c79cc08b61215418840e6c55b9ada326d211d818c34a994aeced80818e8077085ebf0dac333");

  TronTransaction trc20 = TronTransaction::onBlock(
      blockRef(64837309, "0000000003dd56bde31bf1375e25873dd2d6dea05d81e126be272f42e4c27c26",
               1770972777000),
      60);
  trc20.timestamp_ms = 1770972831784;
  trc20.expiration_ms = 1770972891000;
  trc20.fee_limit = 2172000;
  trc20.contract =
      TronTrigger{parseTronAddress("413c5568f418ee30c71f61813a23ef1f92fb1c434c"),
                  parseTronAddress("41eca9bc828a3005b9a3b909f2cc5c2a54794de05f"),
                  erc20TransferData(parseTronAddress("413ed853b5cddf63533c4e6703b27feb34ff9063b3"),
                                    UInt256(2380000)),
                  0};
  CHECK(toHex(trc20.rawData()) ==
        "0a0256bd2208e31bf1375e25873d40f88ed7b1c5335aae01081f12a9010a31747970652e676f6f676c656170"
        "69732e636f6d2f70726f746f636f6c2e54726967676572536d617274436f6e747261637412740a15413c5568"
        "f418ee30c71f61813a23ef1f92fb1c434c121541eca9bc828a3005b9a3b909f2cc5c2a54794de05f2244a905"
        "9cbb0000000000000000000000003ed853b5cddf63533c4e6703b27feb34ff9063b300000000000000000000"
        "000000000000000000000000000000000000002450e070a8c0d3b1c5339001e0c88401");
}

TEST_CASE("a signed transaction parses back to its raw_data and txID; damage is refused") {
  TronTransaction tx = tronwebVectorTx();
  tx.contract = TronTransfer{kOwner, kRecipient, 1};
  const auto signed_tx = tx.sign(keyOne());
  const TronSignedParts parts = parseTronTransaction(signed_tx.bytes);
  CHECK(parts.raw_data == signed_tx.raw_data);
  CHECK(parts.txid == signed_tx.txid);
  CHECK(parts.signatures == 1);
  Bytes cut(signed_tx.bytes.begin(), signed_tx.bytes.end() - 1);
  CHECK_THROWS_AS(parseTronTransaction(cut), ProtoError);
  CHECK_THROWS_AS(parseTronTransaction(fromHex("1241")), ProtoError);  // truncated signature
  CHECK_THROWS_AS(parseTronTransaction(fromHex("0803")), ProtoError);  // no raw_data
  CHECK_THROWS_AS(parseTronTransaction(fromHex("0f")), ProtoError);    // wire type 7
}

TEST_CASE("protobuf writer omits proto3 defaults and writes long varints") {
  ProtoWriter w;
  w.varint(1, 0).bytes(2, {}).varint(18, 100000000);
  CHECK(toHex(w.data()) == "900180c2d72f");
  ProtoReader r(w.data());
  auto field = r.next();
  REQUIRE(field);
  CHECK(field->number == 18);
  CHECK(field->varint == 100000000);
  CHECK_FALSE(r.next());
}

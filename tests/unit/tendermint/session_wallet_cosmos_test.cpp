// A session wallet's cosmos_signDirect answer, checked as walletd checks it
// (session_wallet_cosmos.h): the recorded answer of KDF's own test (a Keplr-style answer for
// cosmoshub-4: signature and pub_key base64, signed bytes hex) verifies over the SignDoc its bytes
// make; a changed body, another key or a malformed signature are refused. Bytes arrive in every
// form KDF's decoder reads.
#include <catch2/catch.hpp>

#include "core/coins/tendermint/session_wallet_cosmos.h"
#include "core/encoding/base64.h"
#include "core/encoding/hex.h"
#include "core/encoding/protobuf.h"

using namespace walletd;

namespace {

// mm2src/coins/tendermint/wallet_connect.rs, test_deserialize_sign_message_response.
const char* kAnswer = R"({
  "signature": {
    "signature": "eGrmDGKTmycxJO56yTQORDzTFjBEBgyBmHc8ey6FbHh9WytzgsJilYBywz5uludhyKePZdRwznamg841fXw50Q==",
    "pub_key": {"type": "tendermint/PubKeySecp256k1", "value": "AjqZ1rq/EsPAb4SA6l0qjpVMHzqXotYXz23D5kOceYYu"}
  },
  "signed": {
    "chainId": "cosmoshub-4",
    "authInfoBytes": "0a500a460a1f2f636f736d6f732e63727970746f2e736563703235366b312e5075624b657912230a21023a99d6babf12c3c06f8480ea5d2a8e954c1f3a97a2d617cf6dc3e6439c79862e12040a020801180212140a0e0a057561746f6d1205313837353010c8d007",
    "bodyBytes": "0a8e010a1c2f636f736d6f732e62616e6b2e763162657461312e4d736753656e64126e0a2d636f736d6f7331376c386432737973646e3667683636786d366664666b6575333634703836326a68396c6e6667122d636f736d6f7331376c386432737973646e3667683636786d366664666b6575333634703836326a68396c6e66671a0e0a057561746f6d12053430303030189780e00a",
    "accountNumber": "2934714"
  }
})";

CosmosSignDoc docOf(const Json& signed_part) {
  CosmosSignDoc doc;
  doc.body = fromHex(signed_part["bodyBytes"].get<std::string>());
  doc.auth_info = fromHex(signed_part["authInfoBytes"].get<std::string>());
  const std::string chain = signed_part["chainId"];
  ProtoWriter sign_doc;
  sign_doc.bytes(1, doc.body)
      .bytes(2, doc.auth_info)
      .bytes(3, ByteView(reinterpret_cast<const std::uint8_t*>(chain.data()), chain.size()))
      .varint(4, std::stoull(signed_part["accountNumber"].get<std::string>()));
  doc.sign_doc = sign_doc.data();
  return doc;
}

}  // namespace

TEST_CASE("a recorded cosmos_signDirect answer verifies; changed bytes or another key do not") {
  const Json answer = Json::parse(kAnswer);
  const CosmosSignDoc doc = docOf(answer["signed"]);
  const PublicKey key =
      PublicKey::parse(base64Decode("AjqZ1rq/EsPAb4SA6l0qjpVMHzqXotYXz23D5kOceYYu"));
  const CosmosSignAnswer ok = checkSignDirectAnswer(answer, doc, key);
  INFO(ok.problem);
  REQUIRE(ok.signature);
  CHECK(base64Encode(*ok.signature) == answer["signature"]["signature"]);

  CosmosSignDoc other = doc;
  other.body.back() ^= 1;
  CHECK_THAT(checkSignDirectAnswer(answer, other, key).problem, Catch::Contains("differs"));
  const PublicKey another = PublicKey::fromPrivate(PrivateKey(ByteArray<32>{1}));
  CHECK_THAT(checkSignDirectAnswer(answer, doc, another).problem,
             Catch::Contains("does not verify"));
  Json short_signature = answer;
  short_signature["signature"]["signature"] = "AAAA";
  CHECK_THAT(checkSignDirectAnswer(short_signature, doc, key).problem, Catch::Contains("64 bytes"));
  CHECK_FALSE(checkSignDirectAnswer(Json::array(), doc, key).signature);
}

TEST_CASE("wallet bytes arrive as hex, base64, an array or an index object") {
  CHECK(walletBytes(Json("0a0b")) == Bytes{0x0a, 0x0b});
  CHECK(walletBytes(Json("CgsM")) == Bytes{0x0a, 0x0b, 0x0c});
  CHECK(walletBytes(Json::parse("[10, 11]")) == Bytes{0x0a, 0x0b});
  CHECK(walletBytes(Json::parse(R"({"0": 10, "1": 11})")) == Bytes{0x0a, 0x0b});
  // Eleven entries: "10" sorts before "2" as text, not as an index.
  CHECK(walletBytes(Json::parse(
            R"({"0":0,"1":1,"2":2,"3":3,"4":4,"5":5,"6":6,"7":7,"8":8,"9":9,"10":10})")) ==
        Bytes{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10});
  CHECK_FALSE(walletBytes(Json::parse(R"({"0": 1, "2": 2})")));
  CHECK_FALSE(walletBytes(Json::parse("[256]")));
  CHECK_FALSE(walletBytes(Json(5)));
}

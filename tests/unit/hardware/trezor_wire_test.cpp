// Trezor's wire format in walletd: protocol v1 reports, Bridge's hex form, and the messages,
// against trezorlib's encodings (the wallet-policies notes, §15) and @trezor/protobuf's (the
// firmware's schema, which the test device speaks).
#include <catch2/catch.hpp>

#include "core/encoding/hex.h"
#include "core/hardware/trezor/messages.h"

using namespace walletd;
using namespace walletd::trezor;

namespace {
Message message(MessageType type, const char* hex) {
  return Message{static_cast<std::uint16_t>(type), SecretBytes(fromHex(hex))};
}
std::string payloadHex(const Message& m) {
  return toHex(m.payload.view());
}
SecretBytes secret(const std::string& text) {
  return SecretBytes(Bytes(text.begin(), text.end()));
}
constexpr const char* kEthSignTx =
    "08ac8080800808bc80808008088080808008080008001201091a0504a817c800220252085a2a30783335333533"
    "353335333533353335333533353335333533353335333533353335333533353335333532080de0b6b3a7640000480"
    "1";
}  // namespace

TEST_CASE("Initialize is one report: ?## type 0 length 0, zero-padded") {
  const auto reports = frameReports(initialize(std::nullopt));
  REQUIRE(reports.size() == 1);
  CHECK(toHex(ByteView(reports[0]).first(9)) == "3f2323000000000000");
  CHECK(std::all_of(reports[0].begin() + 9, reports[0].end(), [](auto b) { return b == 0; }));
}

TEST_CASE("a 92-byte message takes two reports and reads back whole") {
  const Message signTx = message(MessageType::EthereumSignTx, kEthSignTx);
  const auto reports = frameReports(signTx);
  REQUIRE(reports.size() == 2);
  CHECK(toHex(ByteView(reports[0]).first(9)) == "3f2323003a0000005c");
  CHECK(reports[1][0] == '?');
  ReportReader reader;
  CHECK_FALSE(reader.push(reports[0]).has_value());
  const auto back = reader.push(reports[1]);
  REQUIRE(back.has_value());
  CHECK(back->type == 58);
  CHECK(payloadHex(*back) == kEthSignTx);
}

TEST_CASE("the report reader refuses what is not protocol v1") {
  ReportReader reader;
  Report stray{};
  CHECK_THROWS_AS(reader.push(stray), WireError);
  stray[0] = '?';
  CHECK_THROWS_AS(reader.push(stray), WireError);  // a first report without ##
  Report huge = frameReports(initialize(std::nullopt))[0];
  huge[5] = 0x7f;  // length 0x7f000000
  CHECK_THROWS_AS(reader.push(huge), WireError);
}

TEST_CASE("Bridge's hex form: type, length and payload") {
  const Message ack = pinMatrixAck(secret("1234"));
  CHECK(toBridgeHex(ack) == "0013000000060a0431323334");
  const Message back = fromBridgeHex("0013000000060a0431323334");
  CHECK(back.type == 19);
  CHECK(payloadHex(back) == "0a0431323334");
  CHECK_THROWS_AS(fromBridgeHex("0013000000070a0431323334"), WireError);
  CHECK_THROWS_AS(fromBridgeHex("0013"), WireError);
}

TEST_CASE("requests encode as trezorlib and @trezor/protobuf do") {
  GetPublicKey key;
  key.path = {0x8000002c, 0x8000008d, 0x80000000};
  key.coin_name = "Komodo";
  key.ignore_xpub_magic = true;
  CHECK(payloadHex(encode(key)) ==
        "08ac80808008088d818080080880808080081209736563703235366b31180022064b6f6d6f646f3001");
  CHECK(payloadHex(passphraseAck(secret("TREZOR"))) == "0a065452455a4f52");
  GetAddress address;
  address.path = {0x8000002c, 0x80000000, 0x80000000, 0, 0};
  address.coin_name = "Bitcoin";
  address.show_display = true;
  address.script_type = ScriptType::SpendWitness;
  CHECK(payloadHex(encode(address)) ==
        "08ac80808008088080808008088080808008080008001207426974636f696e18012803");
  CHECK(encode(EthereumGetAddress{{0x8000002c, 0x8000003c, 0x80000000, 0, 0}, false}).type == 56);
  CHECK(emptyMessage(MessageType::ButtonAck).payload.empty());
}

TEST_CASE("answers decode: Features, PublicKey, addresses, Failure, requests") {
  const Features f = decodeFeatures(fromHex(
      "0a097472657a6f722e696f1001180c20013218303132333435363738394142434445463031323334353637380140"
      "004a05656e2d555352094d79205472657a6f726001800100aa010131f00101f001079a0220aaaaaaaaaaaaaaaaaa"
      "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"));
  CHECK(f.vendor == "trezor.io");
  CHECK((f.major == 1 && f.minor == 12 && f.patch == 1));
  CHECK(f.device_id == "0123456789ABCDEF01234567");
  CHECK(f.pin_protection);
  CHECK_FALSE(f.passphrase_protection);
  CHECK(f.label == "My Trezor");
  CHECK(f.initialized);
  CHECK(f.unlocked == std::optional<bool>(false));
  CHECK(f.model == "1");
  CHECK(toHex(f.session_id) == std::string(64, 'a'));

  const PublicKey key = decodePublicKey(fromHex(
      "0a4f080510f8acd19101180022201111111111111111111111111111111111111111111111111111111111111111"
      "322102c5fc9bd505024e6f13b2b6669b320056ce7382da6bfc796942bc7c3e648631301209787075622d746573"
      "741807"));
  CHECK(key.node.depth == 5);
  CHECK(key.node.parent_fingerprint == 0x12345678);
  CHECK(toHex(key.node.public_key) ==
        "02c5fc9bd505024e6f13b2b6669b320056ce7382da6bfc796942bc7c3e64863130");
  CHECK(key.xpub == "xpub-test");
  CHECK_THROWS_AS(decodePublicKey(fromHex("1209787075622d74657374")), WireError);

  CHECK(decodeAddress(message(MessageType::EthereumAddress,
                              "122a307837336430333835463464384530304335653635303443363033304634"
                              "374246363231323733364138")) ==
        "0x73d0385F4d8E00C5e6504C6030F47BF6212736A8");
  const Failure failure = decodeFailure(fromHex("0807120b50494e20696e76616c6964"));
  CHECK(failure.code == 7);
  CHECK(failure.message == "PIN invalid");
  CHECK(decodeButtonRequestCode(fromHex("0808")) == 8);
  CHECK(decodePinMatrixRequestType(fromHex("0801")) == 1);
}

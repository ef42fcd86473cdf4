// Bitcoin-family signing on a Trezor: SignTx and every TxAck form as trezorlib 0.12.4's own codec
// encodes them (vectors made with trezorlib.protobuf.dump_message), TxRequest read back, and the
// loop answering whatever the device asks and concatenating the serialized pieces.
#include <catch2/catch.hpp>

#include "core/encoding/hex.h"
#include "core/encoding/protobuf.h"
#include "core/hardware/trezor/bitcoin_sign.h"
#include "tests/unit/scripted_trezor.h"
#include "tests/unit/test_support.h"

using namespace walletd;
using namespace walletd::trezor;
using walletd::test::ScriptedTrezor;
using walletd::test::TaskLoop;

namespace {

constexpr std::uint32_t kH = 0x80000000;
constexpr const char* kPrevHash =
    "e5040e1bc1ae7667ffb9e5248e90b2fb93cd9150234151ce90e14ab2f5933bcd";

BitcoinSignRequest request() {
  BitcoinSignRequest r;
  r.coin_name = "Testnet";
  r.version = 2;
  r.inputs.push_back({{84 | kH, 1 | kH, kH, 0, 0},
                      fromHex(kPrevHash),
                      1,
                      12300000,
                      0xffffffff,
                      ScriptType::SpendWitness});
  r.outputs.push_back({"2N4Q5FhU2497BryFfUgbqkAJE87aKHUhXMp", {}, {}, 5000000});
  r.outputs.push_back({"", {84 | kH, 1 | kH, kH, 1, 0}, OutputScriptType::PayToWitness, 7289000});
  PrevTx prev;
  prev.inputs.push_back(
      {fromHex("000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f"), 0,
       fromHex("00"), 0xffffffff});
  prev.outputs.push_back({1, fromHex("00")});
  prev.outputs.push_back({12300000, fromHex("0014a579388225827d9f2fe9014add644487808c695d")});
  r.previous.emplace(fromHex(kPrevHash), prev);
  return r;
}

// TxRequest{request_type, details{request_index, tx_hash?}, serialized{serialized_tx}?}.
std::string txRequest(std::uint32_t type, std::uint32_t index, const std::string& hash = "",
                      const std::string& piece = "") {
  ProtoWriter details;
  details.varintField(1, index);
  if (!hash.empty()) details.bytesField(2, fromHex(hash));
  ProtoWriter w;
  w.varintField(1, type).messageField(2, details);
  if (!piece.empty()) w.messageField(3, ProtoWriter().bytesField(3, fromHex(piece)));
  return toHex(w.data());
}

class NoUser : public Interaction {
 public:
  void onButtonRequest() override { ++buttons; }
  Task<SecretBytes> pin() override { co_return SecretBytes(); }
  Task<SecretBytes> passphrase() override { co_return SecretBytes(); }
  int buttons = 0;
};

}  // namespace

TEST_CASE("SignTx and the TxAck forms are trezorlib's bytes") {
  const BitcoinSignRequest r = request();
  const Message sign = encodeSignTx(r);
  CHECK(sign.type == 15);
  CHECK(toHex(sign.payload.view()) == "080210011a07546573746e657420022800");
  CHECK(toHex(txAckInput(r.inputs[0]).payload.view()) ==
        "0a49124708d480808008088180808008088080808008080008001220" + std::string(kPrevHash) +
            "180128ffffffff0f300340e0ddee05");
  CHECK(toHex(txAckOutput(r.outputs[0]).payload.view()) ==
        "0a2e2a2c0a23324e345135466855323439374272794666556762716b414a453837614b485568584d7018c096"
        "b1022000");
  CHECK(toHex(txAckOutput(r.outputs[1]).payload.view()) ==
        "0a1f2a1d10d4808080081081808080081080808080081001100018a8f1bc032004");
  const PrevTx& prev = r.previous.begin()->second;
  PrevTx meta = prev;
  meta.outputs.resize(2);
  CHECK(toHex(txAckPrevMeta(meta).payload.view()) == "0a080801200030013802");
  CHECK(toHex(txAckPrevInput(prev.inputs[0]).payload.view()) ==
        "0a2f122d1220000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f18002201002"
        "8ffffffff0f");
  CHECK(toHex(txAckPrevOutput(prev.outputs[1]).payload.view()) ==
        "0a1f1a1d08e0ddee0512160014a579388225827d9f2fe9014add644487808c695d");
  CHECK(txAckInput(r.inputs[0]).type == 22);
}

TEST_CASE("TxRequest as trezorlib encodes it reads back") {
  const TxRequest asked = decodeTxRequest(fromHex(
      "0800122408031220000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f1a0d0800"
      "120230441a050200000001"));
  CHECK(asked.type == TxRequest::Input);
  CHECK(asked.index == 3);
  REQUIRE(asked.tx_hash);
  CHECK(toHex(*asked.tx_hash) ==
        "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f");
  CHECK(asked.signature_index == 0u);
  CHECK(toHex(asked.signature) == "3044");
  CHECK(toHex(asked.serialized_tx) == "0200000001");
}

TEST_CASE("the loop answers what the device asks, in its order, and joins the pieces it sends") {
  TaskLoop l;
  const BitcoinSignRequest r = request();
  ScriptedTrezor device;
  const auto ask = [&](std::uint32_t type, std::uint32_t index, const std::string& hash = "",
                       const std::string& piece = "") {
    device.answer(MessageType::TxRequest, txRequest(type, index, hash, piece));
  };
  ask(TxRequest::Input, 0);
  ask(TxRequest::Meta, 0, kPrevHash);
  ask(TxRequest::Input, 0, kPrevHash);
  ask(TxRequest::Output, 1, kPrevHash);
  ask(TxRequest::Output, 0);
  device.answer(MessageType::ButtonRequest, "0808");
  ask(TxRequest::Output, 1);
  ask(TxRequest::Input, 0, "", "02000000");
  ask(TxRequest::Finished, 0, "", "0001");
  NoUser user;
  const Bytes signed_tx = l.run(signBitcoin(device, r, user));
  CHECK(toHex(signed_tx) == "020000000001");
  CHECK(user.buttons == 1);
  REQUIRE(device.sent.size() == 9);
  CHECK(device.sent[0].first == 15);
  CHECK(device.sent[1].second == toHex(txAckInput(r.inputs[0]).payload.view()));
  CHECK(device.sent[2].second == toHex(txAckPrevMeta(r.previous.begin()->second).payload.view()));
  CHECK(device.sent[4].second ==
        toHex(txAckPrevOutput(r.previous.begin()->second.outputs[1]).payload.view()));
  CHECK(device.sent[5].second == toHex(txAckOutput(r.outputs[0]).payload.view()));
  CHECK(device.sent[6].first == 27);  // ButtonAck
  CHECK(device.sent[7].second == toHex(txAckOutput(r.outputs[1]).payload.view()));
}

TEST_CASE("a device asking for what the request does not have fails with DataError") {
  const BitcoinSignRequest r = request();
  const auto fails = [&](std::uint32_t type, std::uint32_t index, const std::string& hash) {
    const TxRequest asked = decodeTxRequest(fromHex(txRequest(type, index, hash)));
    CHECK_THROWS_AS(answerTxRequest(r, asked), DeviceFailure);
  };
  fails(TxRequest::Input, 1, "");
  fails(TxRequest::Output, 2, "");
  fails(TxRequest::Meta, 0, "");
  fails(TxRequest::OrigInput, 0, "");
  fails(TxRequest::Input, 0, std::string(64, 'a'));
  fails(TxRequest::Output, 2, kPrevHash);
  fails(TxRequest::ExtraData, 0, kPrevHash);
}

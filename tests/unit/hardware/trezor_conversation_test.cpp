// converse(): the device's questions answered in trezorlib's order — ButtonAck for a button,
// PinMatrixAck with the user's positions, PassphraseAck — a Failure as DeviceFailure, and a
// cancelled interaction ending with Cancel sent to the device.
#include <catch2/catch.hpp>

#include "core/encoding/hex.h"
#include "core/hardware/trezor/conversation.h"
#include "tests/unit/scripted_trezor.h"
#include "tests/unit/test_support.h"

using namespace walletd;
using namespace walletd::trezor;
using walletd::test::ScriptedTrezor;
using walletd::test::TaskLoop;

namespace {

class UserAtKeyboard : public Interaction {
 public:
  int buttons = 0;
  bool walk_away = false;  // the task is cancelled while the device asks
  void onButtonRequest() override { ++buttons; }
  Task<SecretBytes> pin() override {
    if (walk_away) throw OperationCancelled();
    co_return SecretBytes(fromHex("3734"));  // positions "74"
  }
  Task<SecretBytes> passphrase() override { co_return SecretBytes(fromHex("5452455a4f52")); }
};

const char* kPublicKey =
    "0a4f080510f8acd19101180022201111111111111111111111111111111111111111111111111111111111111111"
    "322102c5fc9bd505024e6f13b2b6669b320056ce7382da6bfc796942bc7c3e648631301209787075622d74657374"
    "1807";

Message getKey() {
  GetPublicKey request;
  request.path = {0x8000002c};
  return encode(request);
}

}  // namespace

TEST_CASE("a button, the PIN and the passphrase, then the answer") {
  TaskLoop l;
  ScriptedTrezor device;
  device.answer(MessageType::ButtonRequest, "080b");
  device.answer(MessageType::PinMatrixRequest, "0801");
  device.answer(MessageType::PassphraseRequest, "");
  device.answer(MessageType::PublicKey, kPublicKey);
  UserAtKeyboard user;
  const Message answer = l.run(converse(device, getKey(), MessageType::PublicKey, user));
  CHECK(decodePublicKey(answer.payload.view()).xpub == "xpub-test");
  CHECK(user.buttons == 1);
  REQUIRE(device.sent.size() == 4);
  CHECK(device.sent[0].first == 11);
  CHECK(device.sent[1] == std::pair<std::uint16_t, std::string>{27, ""});
  CHECK(device.sent[2] == std::pair<std::uint16_t, std::string>{19, "0a023734"});
  CHECK(device.sent[3] == std::pair<std::uint16_t, std::string>{42, "0a065452455a4f52"});
}

TEST_CASE("the device's Failure is a DeviceFailure with its code and text") {
  TaskLoop l;
  ScriptedTrezor device;
  device.answer(MessageType::PinMatrixRequest, "0801");
  device.answer(MessageType::Failure, "0807120b50494e20696e76616c6964");
  UserAtKeyboard user;
  try {
    l.run(converse(device, getKey(), MessageType::PublicKey, user));
    FAIL("a Failure was taken for an answer");
  } catch (const DeviceFailure& e) {
    CHECK(e.code == 7);
    CHECK(std::string(e.what()) == "PIN invalid");
  }
}

TEST_CASE("a cancelled interaction sends Cancel and ends the conversation") {
  TaskLoop l;
  ScriptedTrezor device;
  device.answer(MessageType::PinMatrixRequest, "0801");
  device.answer(MessageType::Failure, "0804");
  UserAtKeyboard user;
  user.walk_away = true;
  CHECK_THROWS_AS(l.run(converse(device, getKey(), MessageType::PublicKey, user)),
                  OperationCancelled);
  REQUIRE(device.sent.size() == 2);
  CHECK(device.sent[1].first == 20);
}

TEST_CASE("an answer of another type, and a device that goes away") {
  TaskLoop l;
  ScriptedTrezor device;
  device.answer(MessageType::Success, "");
  UserAtKeyboard user;
  CHECK_THROWS_AS(l.run(converse(device, getKey(), MessageType::PublicKey, user)), DeviceFailure);
  CHECK_THROWS_AS(l.run(converse(device, getKey(), MessageType::PublicKey, user)),
                  DeviceUnavailable);
}

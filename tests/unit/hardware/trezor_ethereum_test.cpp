// Ethereum signing on a Trezor: the requests as trezorlib (EIP-155 example, wallet-policies notes
// §15) and @trezor/protobuf (EIP-1559) encode them, the data sent in the chunks the device asks
// for, and v as trezorlib reads it.
#include <catch2/catch.hpp>

#include "core/encoding/hex.h"
#include "core/hardware/trezor/ethereum_sign.h"
#include "tests/unit/scripted_trezor.h"
#include "tests/unit/test_support.h"

using namespace walletd;
using namespace walletd::trezor;
using walletd::test::ScriptedTrezor;
using walletd::test::TaskLoop;

namespace {

const std::vector<std::uint32_t> kEthPath = {0x8000002c, 0x8000003c, 0x80000000, 0, 0};
constexpr const char* kTo = "0x3535353535353535353535353535353535353535";
constexpr const char* kR = "28ef61340bd939bc2195fe537567866003e1a15d3c71ff63e1590620aa636276";
constexpr const char* kS = "67cbe9d8997f761aecb703304b3800ccf555c9f3dc64214b297fb1966a3b6d83";

EthereumSignRequest eip155Example() {
  EthereumSignRequest r;
  r.path = kEthPath;
  r.nonce = fromHex("09");
  r.gas_price = fromHex("04a817c800");
  r.gas_limit = fromHex("5208");
  r.to = kTo;
  r.value = fromHex("0de0b6b3a7640000");
  r.chain_id = 1;
  return r;
}

Message txRequest(const std::string& hex) {
  return Message{static_cast<std::uint16_t>(MessageType::EthereumTxRequest),
                 SecretBytes(fromHex(hex))};
}

std::string signatureAnswer(std::uint32_t v) {
  return "10" + toHex(Bytes{static_cast<std::uint8_t>(v)}) + "1a20" + kR + "2220" + kS;
}

class NoUser : public Interaction {
 public:
  void onButtonRequest() override {}
  Task<SecretBytes> pin() override { co_return SecretBytes(); }
  Task<SecretBytes> passphrase() override { co_return SecretBytes(); }
};

}  // namespace

TEST_CASE("EthereumSignTx for EIP-155's example is trezorlib's bytes; its answer reads back") {
  const Message m = encode(eip155Example());
  CHECK(m.type == 58);
  CHECK(toHex(m.payload.view()) ==
        "08ac8080800808bc80808008088080808008080008001201091a0504a817c800220252085a2a3078333533"
        "3533353335333533353335333533353335333533353335333533353335333533353335333532080de0b6b3"
        "a76400004801");
  const EthereumSignature sig = ethereumSignature(txRequest(signatureAnswer(37)), eip155Example());
  CHECK(sig.v == 37);
  CHECK(toHex(sig.r) == kR);
  CHECK(toHex(sig.s) == kS);
}

TEST_CASE("EthereumSignTxEIP1559 as @trezor/protobuf encodes it") {
  EthereumSignRequest r;
  r.path = kEthPath;
  r.eip1559 = true;
  r.max_fee = fromHex("06fc23ac00");
  r.max_priority_fee = fromHex("59682f00");
  r.gas_limit = fromHex("5208");
  r.to = kTo;
  r.value = fromHex("2386f26fc10000");
  const Message m = encode(r);
  CHECK(m.type == 452);
  CHECK(toHex(m.payload.view()) ==
        "08ac8080800808bc808080080880808080080800080012001a0506fc23ac00220459682f002a025208322a"
        "3078333533353335333533353335333533353335333533353335333533353335333533353335333533353a"
        "072386f26fc10000420048005001");
  CHECK(ethereumSignature(txRequest(signatureAnswer(1)), r).v == 1);
}

TEST_CASE("2,500 bytes of data: 1,024 in the request, then the chunks the device asks for") {
  TaskLoop l;
  EthereumSignRequest request = eip155Example();
  for (int i = 0; i < 2500; ++i) request.data.push_back(static_cast<std::uint8_t>(i % 251));
  ScriptedTrezor device;
  device.answer(MessageType::EthereumTxRequest, "088008");  // data_length 1024
  device.answer(MessageType::EthereumTxRequest, "08c403");  // data_length 452
  device.answer(MessageType::EthereumTxRequest, signatureAnswer(38));
  NoUser user;
  const Message answer = l.run(signEthereum(device, request, user));
  CHECK(ethereumSignature(answer, request).v == 38);
  REQUIRE(device.sent.size() == 3);
  const Bytes first = fromHex(device.sent[0].second);
  CHECK(device.sent[1] == std::pair<std::uint16_t, std::string>{
                              60, "0a8008" + toHex(ByteView(request.data).subspan(1024, 1024))});
  CHECK(device.sent[2] == std::pair<std::uint16_t, std::string>{
                              60, "0ac403" + toHex(ByteView(request.data).subspan(2048))});
  CHECK(toHex(first).find(toHex(ByteView(request.data).first(1024))) != std::string::npos);
}

TEST_CASE("a device asking for more data than is left, or answering no signature, fails") {
  TaskLoop l;
  EthereumSignRequest request = eip155Example();
  request.data = Bytes(10, 0xab);
  ScriptedTrezor device;
  device.answer(MessageType::EthereumTxRequest, "0801");
  NoUser user;
  CHECK_THROWS_AS(l.run(signEthereum(device, request, user)), DeviceFailure);
  CHECK_THROWS_AS(ethereumSignature(txRequest(""), request), DeviceFailure);
}

TEST_CASE("a legacy v of 0 or 1 (a chain id too large for EIP-155 on the device) gets 35 + 2·id") {
  EthereumSignRequest request = eip155Example();
  request.chain_id = 3'000'000'000ULL;
  CHECK(ethereumSignature(txRequest(signatureAnswer(1)), request).v == 6'000'000'036ULL);
}

// QTUM's OP_CALL outputs against KDF's vectors: script numbers (KDF's
// test_encode_decode_contract_number), the QRC20 transfer script of KDF's
// test_generate_token_transfer_script_pubkey, the removeDelegation output of the docs'
// transaction 3564859a…35ae, and output 0 of the real QRC20 transfer f97d3a43…6a1d read back.
#include <catch2/catch.hpp>

#include "core/coins/utxo/qtum/contract_call.h"
#include "core/encoding/hex.h"
#include "core/encoding/token_abi.h"

using namespace walletd;

namespace {

ByteArray<20> contract(const std::string& hex) {
  const Bytes b = fromHex(hex);
  ByteArray<20> out{};
  std::copy(b.begin(), b.end(), out.begin());
  return out;
}

}  // namespace

TEST_CASE("contract numbers are minimal script numbers", "[utxo][qtum]") {
  CHECK(encodeContractNumber(0).empty());
  CHECK(toHex(encodeContractNumber(1)) == "01");
  CHECK(toHex(encodeContractNumber(40)) == "28");
  CHECK(toHex(encodeContractNumber(127)) == "7f");
  CHECK(toHex(encodeContractNumber(128)) == "8000");
  CHECK(toHex(encodeContractNumber(255)) == "ff00");
  CHECK(toHex(encodeContractNumber(256)) == "0001");
  CHECK(toHex(encodeContractNumber(100000)) == "a08601");
  CHECK(toHex(encodeContractNumber(250000)) == "90d003");
  CHECK(toHex(encodeContractNumber(2250000)) == "105522");
  CHECK(toHex(encodeContractNumber(2500000)) == "a02526");
}

TEST_CASE("KDF's QRC20 transfer and removeDelegation scripts, byte for byte", "[utxo][qtum]") {
  EthAddress to{};
  const Bytes to_hash = fromHex("0240b898276ad2cc0d2fe6f527e8e31104e7fde3");
  std::copy(to_hash.begin(), to_hash.end(), to.begin());
  const ContractCall transfer{2500000, 40, erc20TransferData(to, UInt256(1000000000)),
                              contract("d362e096e873eb7907e205fadc6175c6fec7bc44")};
  CHECK(
      toHex(contractCallScript(transfer)) ==
      "5403a02526012844a9059cbb0000000000000000000000000240b898276ad2cc0d2fe6f527e8e31104e7fde300"
      "0000000000000000000000000000000000000000000000000000003b9aca0014d362e096e873eb7907e205fadc6"
      "175c6fec7bc44c2");
  const ContractCall remove{100000, 40, fromHex("3d666e8b"),
                            contract("0000000000000000000000000000000000000086")};
  CHECK(toHex(contractCallScript(remove)) ==
        "5403a086010128043d666e8b140000000000000000000000000000000000000086c2");
  CHECK_THROWS_AS(contractCallScript({0, 40, {}, {}}), std::invalid_argument);
}

TEST_CASE("a real QRC20 transfer's OP_CALL output reads back", "[utxo][qtum]") {
  const Bytes script = fromHex(
      "5403a08601012844a9059cbb000000000000000000000000ca1e04745e8ca0c60d8c5881531d51bec470743f0000"
      "0000000000000000000000000000000000000000000000000000000f424014d362e096e873eb7907e205fadc6175"
      "c6fec7bc44c2");
  const auto call = parseContractCall(script);
  REQUIRE(call);
  CHECK(call->gas_limit == 100000);
  CHECK(call->gas_price == 40);
  CHECK(toHex(call->contract) == "d362e096e873eb7907e205fadc6175c6fec7bc44");
  CHECK(toHex(call->data).substr(0, 8) == "a9059cbb");
  CHECK(contractCallScript(*call) == script);
  CHECK_FALSE(parseContractCall(fromHex("76a914" + std::string(40, '1') + "88ac")));
  Bytes cut = script;
  cut.erase(cut.end() - 3, cut.end() - 1);
  CHECK_FALSE(parseContractCall(cut));
}

// UInt256, RLP and EVM transaction signing: the EIP-155 example transaction byte for byte, RLP's
// published examples, and amount text with KDF's truncation rule.
#include <catch2/catch.hpp>

#include "core/encoding/token_abi.h"
#include "core/coins/evm/evm_transaction.h"
#include "core/crypto/keccak.h"
#include "core/encoding/hex.h"
#include "core/encoding/rlp.h"

using namespace walletd;

TEST_CASE("UInt256 decimal text: decimals, truncation (KDF's rule), limits") {
  CHECK(UInt256::fromDecimal("1", 18)->toDecimal() == "1000000000000000000");
  CHECK(UInt256::fromDecimal("1.5", 18)->toDecimal(18) == "1.5");
  CHECK(UInt256::fromDecimal("1234.12345", 1)->toDecimal() == "12341");  // KDF wei_from_big_decimal
  CHECK(UInt256::fromDecimal(".25", 2)->toDecimal() == "25");
  CHECK(UInt256::fromDecimal("0", 18)->isZero());
  for (const char* bad : {"", ".", "-1", "1e5", "1.2.3", " 1", "0x10"}) {
    CAPTURE(bad);
    CHECK_FALSE(UInt256::fromDecimal(bad, 18));
  }
  const std::string max =
      "115792089237316195423570985008687907853269984665640564039457584007913129639935";
  CHECK(UInt256::fromDecimal(max, 0)->toDecimal() == max);
  CHECK_FALSE(UInt256::fromDecimal(max + "0", 0));
  CHECK_FALSE(UInt256::fromDecimal(max, 0)->add(1));
  CHECK_FALSE(UInt256(1).sub(2));
  CHECK(UInt256::fromHexQuantity("0x1a")->toDecimal() == "26");
  CHECK(UInt256(26).toHexQuantity() == "0x1a");
  CHECK(UInt256().toHexQuantity() == "0x0");
  CHECK_FALSE(UInt256::fromHexQuantity("1a"));
  CHECK(UInt256::fromDecimal("21000", 0)
            ->mul(*UInt256::fromDecimal("1000000000", 0))
            ->toDecimal(18) == "0.000021");
}

TEST_CASE("RLP: the Yellow Paper / wiki examples") {
  CHECK(toHex(rlpEncodeBytes(asBytes("dog"))) == "83646f67");
  CHECK(toHex(RlpList().bytes(asBytes("cat")).bytes(asBytes("dog")).encode()) ==
        "c88363617483646f67");
  CHECK(toHex(rlpEncodeBytes({})) == "80");
  CHECK(toHex(RlpList().encode()) == "c0");
  CHECK(toHex(RlpList().uint(0).encode()) == "c180");
  CHECK(toHex(RlpList().uint(15).encode()) == "c10f");
  CHECK(toHex(RlpList().uint(1024).encode()) == "c3820400");
  const std::string lorem = "Lorem ipsum dolor sit amet, consectetur adipisicing elit";
  CHECK(toHex(rlpEncodeBytes(asBytes(lorem))).substr(0, 4) == "b838");
}

TEST_CASE("EIP-155 example transaction is reproduced byte for byte") {
  EvmTransaction tx;
  tx.type = EvmTransaction::Type::Legacy;
  tx.chain_id = 1;
  tx.nonce = 9;
  tx.gas_price = *UInt256::fromDecimal("20", 9);
  tx.gas_limit = 21000;
  tx.to = parseEthAddress("0x3535353535353535353535353535353535353535", false);
  tx.value = *UInt256::fromDecimal("1", 18);
  CHECK(toHex(tx.signingHash()) ==
        "daf5a779ae972f972197303d7b574746c7ef83eadac0f2791ad23db92e4c8e53");
  PrivateKey key{};
  key.fill(0x46);
  CHECK(toHex(tx.sign(key).raw) ==
        "f86c098504a817c800825208943535353535353535353535353535353535353535880de0b6b3a76400008025a0"
        "28ef61340bd939bc2195fe5375"
        "67866003e1a15d3c71ff63e1590620aa636276a067cbe9d8997f761aecb703304b3800ccf555c9f3dc64214b29"
        "7fb1966a3b6d83");
}

TEST_CASE("EIP-1559 transactions sign to a recoverable sender") {
  EvmTransaction tx;
  tx.chain_id = 1337;
  tx.nonce = 3;
  tx.max_priority_fee_per_gas = *UInt256::fromDecimal("1.5", 9);
  tx.max_fee_per_gas = *UInt256::fromDecimal("30", 9);
  tx.gas_limit = 21000;
  tx.to = parseEthAddress("0x3535353535353535353535353535353535353535", false);
  tx.value = *UInt256::fromDecimal("0.01", 18);
  PrivateKey key{};
  key.fill(0x46);
  const auto signed_tx = tx.sign(key);
  CHECK(signed_tx.raw[0] == 0x02);
  CHECK(signed_tx.raw == tx.sign(key).raw);  // RFC 6979
}

TEST_CASE("ERC20 calls: selectors are keccak256 of the signatures; words are 32 bytes") {
  for (const auto& [signature, data] :
       {std::pair{"transfer(address,uint256)", erc20TransferData({}, 0)},
        std::pair{"balanceOf(address)", erc20BalanceOfData({})},
        std::pair{"decimals()", erc20DecimalsData()}}) {
    CAPTURE(signature);
    const auto hash = keccak256(asBytes(signature));
    CHECK(Bytes(data.begin(), data.begin() + 4) == Bytes(hash.begin(), hash.begin() + 4));
  }
  const Bytes transfer = erc20TransferData(
      parseEthAddress("0x3535353535353535353535353535353535353535", false), 12345);
  CHECK(toHex(transfer) ==
        "a9059cbb0000000000000000000000003535353535353535353535353535353535353535"
        "0000000000000000000000000000000000000000000000000000000000003039");
  CHECK(decodeUint256Result("0x0000000000000000000000000000000000000000000000000000000000000012")
            ->toDecimal() == "18");
  CHECK_FALSE(decodeUint256Result("0x12"));
  CHECK_FALSE(decodeUint256Result("nothex"));
}

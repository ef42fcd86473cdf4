// Cosmos transactions byte for byte against the published vectors of the Tendermint note
// (generated with cosmjs proto-signing 0.39 + cosmjs-types 0.11 from the cosmjs faucet key,
// m/44'/118'/0'/0/0): MsgSend, MsgSend with a memo at account 0 / sequence 0, MsgTransfer
// without timeout_height, MsgDelegate; plus KDF's fee rule, token id, sequence-mismatch parsing,
// account types and the TxRaw check.
#include <catch2/catch.hpp>

#include "core/coins/tendermint/cosmos_queries.h"
#include "core/coins/tendermint/cosmos_staking_queries.h"
#include "core/coins/tendermint/cosmos_tx.h"
#include "core/coins/tendermint/tendermint_coins.h"
#include "core/coins/tendermint/tendermint_config.h"
#include "core/coins/tendermint/tendermint_history.h"
#include "core/coins/tendermint/tendermint_rpc_client.h"
#include "core/coins/tendermint/tendermint_signing.h"
#include "core/encoding/hex.h"
#include "core/encoding/protobuf.h"

using namespace walletd;

namespace {

const char* const kFaucetKey = "e16ee698b4a4ee03566d7dd9bb6f0e8a2dda802527ba56205f5767c0049fa0b9";
const char* const kFaucet = "cosmos1pkptre7fdkl6gfrzlesjjvhxhlc3r4gmmk8rs6";
const char* const kReceiver = "cosmos1svaw0aqc4584x825ju7ua03g5xtxwd0ahl86hz";

PrivateKey faucetKey() {
  const Bytes bytes = fromHex(kFaucetKey);
  ByteArray<32> raw{};
  std::copy(bytes.begin(), bytes.end(), raw.begin());
  return PrivateKey(raw);
}

SignedCosmosTx sign(CosmosMsg msg, std::string memo, std::uint64_t timeout, std::string fee,
                    std::uint64_t gas, std::uint64_t account, std::uint64_t sequence) {
  const PrivateKey key = faucetKey();
  const CosmosTxPlan plan{std::move(msg), std::move(memo), timeout, {"uatom", std::move(fee)}, gas,
                          "cosmoshub-4",  account,         sequence};
  return signCosmosTx(plan, key, PublicKey::fromPrivate(key));
}

}  // namespace

TEST_CASE("Cosmos transactions equal cosmjs's, byte for byte", "[tendermint]") {
  SECTION("MsgSend 100000 uatom, account 12345, sequence 7") {
    const auto tx = sign(msgSend(kFaucet, kReceiver, {"uatom", "100000"}), "", 22000100, "2500",
                         125000, 12345, 7);
    CHECK(toHex(tx.bytes) ==
          "0a97010a8f010a1c2f636f736d6f732e62616e6b2e763162657461312e4d736753656e64126f0a2d636f73"
          "6d6f7331706b707472653766646b6c366766727a6c65736a6a766878686c63337234676d6d6b3872733612"
          "2d636f736d6f7331737661773061716334353834783832356a753775613033673578747877643061686c38"
          "36687a1a0f0a057561746f6d120631303030303018e4e3be0a12670a500a460a1f2f636f736d6f732e6372"
          "7970746f2e736563703235366b312e5075624b657912230a21034f04181eeba35391b858633a765c4a0c18"
          "9697b40d216354d50890d350c7029012040a020801180712130a0d0a057561746f6d12043235303010c8d0"
          "071a40c8b2e1e9d6dc68b25faf43f498c47d8fe77e2b5550e4f21be5a99ebec84b342f38f69dcc04a59a5d"
          "703fa084f24e107231719ab20c2a6f6388892a7b9f559460");
    CHECK(tx.hash == "6AAF25D45634329393203107E43FE10AEC9E96F8496C91BC9C3BE4CFF09639E8");
  }
  SECTION("MsgSend with a memo, account 0 and sequence 0 omitted") {
    const auto tx =
        sign(msgSend(kFaucet, kReceiver, {"uatom", "1"}), "walletd test", 100, "938", 125000, 0, 0);
    CHECK(tx.hash == "0591A494A537A22ADDCAC089D4DE89D68C7395163807928D5A8DE70794331E07");
  }
  SECTION("MsgTransfer on channel-141 without timeout_height") {
    const auto tx =
        sign(msgTransfer("channel-141", {"uatom", "100000"}, kFaucet,
                         "osmo16drqvl3u8sukfsu4lm3qsk28jr3fahjac4rdw4", 1726140418079220390ULL),
             "", 22150157, "17359", 150000, 12345, 8);
    CHECK(tx.hash == "23E74E08FEEFD832C15C8B1DAEE6F783B080463E91DD272DC1D3857954B158A2");
  }
  SECTION("MsgDelegate") {
    const auto tx =
        sign(msgDelegate(kFaucet, "cosmosvaloper1c4k24jzduc365kywrsvf5ujz4ya6mwympnc4en",
                         {"uatom", "777000"}),
             "", 22000100, "5000", 187500, 12345, 9);
    CHECK(tx.hash == "0E5479FA92A5032CCEE27DECC28CBA589E93827DC77E864A2473A12D537A149D");
  }
}

TEST_CASE("Cosmos addresses, token ids and KDF's fee rule", "[tendermint]") {
  const PublicKey key = PublicKey::parse(
      fromHex("03d8064eece4fa5c0f8dc0267f68cee9bdd527f9e88f3594a323428718c391ecc2"));
  CHECK(tendermintAddress("cosmos", key) == "cosmos16drqvl3u8sukfsu4lm3qsk28jr3fahjaswsac8");
  CHECK(tendermintAddress("iaa", key) == "iaa16drqvl3u8sukfsu4lm3qsk28jr3fahja9vsv6k");
  CHECK(tendermintTokenId("ibc/F7F28FF3C09024A0225EDBBDB207E5872D2B4EF2FB874FE47B05EF9C9A7D211C") ==
        "7527813a107d05cfb44b0a6d79798e838e09ff1362e193d654e19afe53b20f6d");
  CHECK(cosmosFee(133524, 0.5) == 100143);  // KDF's documented IRIS delegation
  CHECK(cosmosFee(70000, 0.25) == 26250);
  CHECK(cosmosFee(0, 0.25) == 0);
  CHECK(expectedSequence("check_tx log: account sequence mismatch, expected 13") == 13U);
  CHECK(expectedSequence("account sequence mismatch, expected 5, got 4: incorrect account "
                         "sequence") == 5U);
  CHECK_FALSE(expectedSequence("account sequence mismatch"));
}

TEST_CASE("Cosmos accounts are read by their type URL", "[tendermint]") {
  auto text = [](const std::string& s) {
    return ByteView(reinterpret_cast<const std::uint8_t*>(s.data()), s.size());
  };
  ProtoWriter base;
  base.bytes(1, text(kFaucet)).varint(3, 42).varint(4, 9);
  auto answer = [&](const std::string& type_url, const Bytes& value) {
    ProtoWriter any;
    any.bytes(1, text(type_url)).bytes(2, value);
    ProtoWriter response;
    response.message(1, any);
    return response.data();
  };
  auto wrapped = [&](const Bytes& inner, int depth) {
    Bytes out = inner;
    for (int i = 0; i < depth; ++i) {
      ProtoWriter w;
      w.bytes(1, out);
      out = w.data();
    }
    return out;
  };
  const auto check = [](const CosmosAccount& a) {
    CHECK(a.account_number == 42);
    CHECK(a.sequence == 9);
  };
  check(cosmos_query::decodeAccount(answer("/cosmos.auth.v1beta1.BaseAccount", base.data())));
  check(cosmos_query::decodeAccount(
      answer("/cosmos.vesting.v1beta1.ContinuousVestingAccount", wrapped(base.data(), 2))));
  check(cosmos_query::decodeAccount(
      answer("/cosmos.auth.v1beta1.ModuleAccount", wrapped(base.data(), 1))));
  check(cosmos_query::decodeAccount(
      answer("/ethermint.types.v1.EthAccount", wrapped(base.data(), 1))));
  CHECK_THROWS_AS(cosmos_query::decodeAccount(answer("/foo.Unknown", base.data())),
                  CosmosDecodeError);
}

TEST_CASE("send_raw_transaction's TxRaw check", "[tendermint]") {
  const auto tx = sign(msgSend(kFaucet, kReceiver, {"uatom", "1"}), "", 1, "1", 1, 1, 1);
  CHECK(isCosmosTxRaw(tx.bytes));
  CHECK_FALSE(isCosmosTxRaw(fromHex("0a0100")));
  CHECK_FALSE(isCosmosTxRaw(Bytes(tx.bytes.begin(), tx.bytes.end() - 3)));
  CHECK_FALSE(isCosmosTxRaw(fromHex("deadbeef")));
}

TEST_CASE("Staking query answers: RFC 3339 times and the paged request", "[tendermint]") {
  CHECK(cosmos_query::rfc3339(0, 0) == "1970-01-01T00:00:00Z");
  CHECK(cosmos_query::rfc3339(1747045227, 498461529) == "2025-05-12T10:20:27.498461529Z");
  CHECK(cosmos_query::rfc3339(1747045227, 500000000) == "2025-05-12T10:20:27.500Z");
  CHECK(cosmos_query::rfc3339(951782400, 0) == "2000-02-29T00:00:00Z");
  // {1 "BOND_STATUS_BONDED", 2 {2 offset 10, 3 limit 10}}; the first page omits offset 0.
  CHECK(toHex(cosmos_query::pagedRequest("BOND_STATUS_BONDED", 10, 10)) ==
        "0a12424f4e445f5354415455535f424f4e444544120410"
        "0a180a");
  CHECK(toHex(cosmos_query::pagedRequest("", 0, 10)) == "1202180a");
}

TEST_CASE("CometBFT block times in RFC 3339 read as Unix seconds", "[tendermint]") {
  CHECK(rfc3339Seconds("1970-01-01T00:00:00Z") == 0U);
  CHECK(rfc3339Seconds("2025-05-12T10:20:27.498461529Z") == 1747045227U);
  CHECK(rfc3339Seconds("2000-02-29T00:00:00Z") == 951782400U);
  CHECK_FALSE(rfc3339Seconds("2025-05-12T10:20:27+02:00"));
  CHECK_FALSE(rfc3339Seconds("yesterday"));
}

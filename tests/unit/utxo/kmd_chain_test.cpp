// KMD and the other overwintered version-4 chains: the wire form round trip and ZIP-243 digest
// on KDF's own vector (sign.rs test_sapling_sig_hash_2), the interest rules on KDF's vectors
// (utxo.rs test_kmd_interest, the KIP-0001 one, test_withdraw_kmd_rewards), KDF's reasons in
// order, and which profile the coins file's KMD and DOC entries get.
#include <catch2/catch.hpp>

#include "core/coins/address_codec.h"
#include "core/coins/utxo/chain/utxo_chains.h"
#include "core/coins/utxo/kmd/kmd_interest.h"
#include "core/coins/utxo/kmd/overwinter_chain.h"
#include "core/encoding/hex.h"
#include "tests/unit/utxo/utxo_entry.h"

using namespace walletd;

namespace {

// KDF's mm2_bitcoin/script/src/sign.rs test_sapling_sig_hash_2.
const char* kV4Tx =
    "0400008085202f89012c07a03638d9cf4d2cc837784b3b06aa9a5c8b819f7cb0d373bf711108f4c0f20100000"
    "06b483045022100fceec7ffa2686377fa2e13d43aa1d8836c3b5ace5292dd2f65a75befec2660bd02205dc000"
    "c13a89975bf3fe85aa9c891fcdea6eb25bd5459ad204fe2946d22e49c3012102031d4256c4bc9f99ac88bf3dba"
    "21773132281f65f9bf23a59928bce08961e2f3ffffffff0240420f00000000001976a91405aab5342166f8594b"
    "af17a7d9bef5d56744332788ac7c288800000000001976a91405aab5342166f8594baf17a7d9bef5d567443327"
    "88ac00000000000000000000000000000000000000";

std::uint64_t accrued(const KmdOutputFacts& facts, std::uint64_t now) {
  return std::get<std::uint64_t>(kmdInterest(facts, now));
}

KmdNotAccruedReason reason(const KmdOutputFacts& facts, std::uint64_t now) {
  return std::get<KmdNotAccruedReason>(kmdInterest(facts, now));
}

}  // namespace

TEST_CASE("KMD's coins-file entry gets the overwintered v4 profile", "[utxo]") {
  const auto kmd =
      builtInUtxoChains().forCoin(test::utxoEntry("KMD", {{"txversion", 4}, {"overwintered", 1}}));
  CHECK(kmd->name() == "overwinter_v4");
  CHECK(kmd->newTransaction().version == 4);
  CHECK(kmd->headerLayout().size == 1487);
  CHECK(builtInUtxoChains()
            .forCoin(test::utxoEntry("DOC", {{"txversion", 4}, {"overwintered", 1}}))
            ->name() == "overwinter_v4");
  // Version 3 (Overwinter without Sapling) has no profile yet.
  CHECK_THROWS_AS(
      builtInUtxoChains().forCoin(test::utxoEntry("OLD", {{"txversion", 3}, {"overwintered", 1}})),
      CoinRulesError);
}

TEST_CASE("a v4 transaction round-trips, and its ZIP-243 digest is KDF's", "[utxo]") {
  const auto kmd =
      builtInUtxoChains().forCoin(test::utxoEntry("KMD", {{"txversion", 4}, {"overwintered", 1}}));
  const Bytes raw = fromHex(kV4Tx);
  const UtxoTransaction tx = kmd->parse(raw);
  CHECK(tx.inputs.size() == 1);
  CHECK(tx.outputs.size() == 2);
  CHECK(tx.outputs[0].value == 1000000);
  CHECK(tx.chain_fields.size() == 15);
  CHECK(kmd->serialize(tx) == raw);
  const auto digests = kmd->sighash().forTransaction(tx);
  const Digest32 digest = digests->digest(
      0, SpendKind::P2PKH, fromHex("76a91405aab5342166f8594baf17a7d9bef5d56744332788ac"), 9924260);
  CHECK(toHex(digest) == "047da0d9932545770fc570122c4451b53fadad219650008e5026162e957a46f9");
  // The amount is committed: another amount, another digest.
  CHECK(digests->digest(0, SpendKind::P2PKH,
                        fromHex("76a91405aab5342166f8594baf17a7d9bef5d56744332788ac"),
                        9924261) != digest);
  // Damaged forms are refused: another version group, bytes after the end, a Bitcoin form.
  Bytes other_group = raw;
  other_group[4] ^= 1;
  CHECK_THROWS(kmd->parse(other_group));
  Bytes longer = raw;
  longer.push_back(0);
  CHECK_THROWS(kmd->parse(longer));
  CHECK_THROWS(kmd->parse(fromHex("01000000000000000000")));
}

TEST_CASE("KMD interest: KDF's vectors and its reasons in order", "[utxo]") {
  // test_kmd_interest: height 1000001, 6145 × (65 − 59) minutes.
  CHECK(accrued({64605500822, 1556623906, 1000001}, 1556623906 + 3900) == 36870);
  // KIP-0001: from height 3484958 the reward is divided by 500; capped at 31 days.
  CHECK(accrued({64605500822, 1663839248, 7777776}, 1663839248 + 44639 * 60 + 3600) == 547900);
  // test_withdraw_kmd_rewards: 24.78970333 KMD, locktime 1620704921, MTP 1622724281.
  CHECK(accrued({2478970333, 1620704921, 2387532}, 1622724281) == 7895295);
  // Before height 1000000 the cap is a year.
  CHECK(accrued({100000000000, 1500000000, 999999}, 1500000000 + 400 * 86400) ==
        9512ull * (525600 - 59));

  CHECK(reason({999999999, 1600000000, 10}, 1700000000) ==
        KmdNotAccruedReason::UtxoAmountLessThanTen);
  CHECK(reason({1000000000, 0, 10}, 1700000000) == KmdNotAccruedReason::LocktimeNotSet);
  CHECK(reason({1000000000, 499999999, 10}, 1700000000) ==
        KmdNotAccruedReason::LocktimeLessThanThreshold);
  CHECK(reason({1000000000, 1600000000, std::nullopt}, 1700000000) ==
        KmdNotAccruedReason::TransactionInMempool);
  CHECK(reason({1000000000, 1600000000, 7777777}, 1700000000) ==
        KmdNotAccruedReason::UtxoHeightGreaterThanEndOfEra);
  CHECK(reason({1000000000, 1600000000, 10}, 1600000000 + 3599) ==
        KmdNotAccruedReason::OneHourNotPassedYet);
  CHECK(reason({1000000000, 1600000000, 10}, 1500000000) ==
        KmdNotAccruedReason::OneHourNotPassedYet);
  CHECK(reasonName(KmdNotAccruedReason::TransactionInMempool) == "TransactionInMempool");
}

// Version-4 transactions and their ZIP-243 digests against every zip_0243 vector of
// zcash-test-vectors (tests/vectors/zcash/zip_0243.json): each transaction (with transparent
// parts, JoinSplits, Sapling spends and outputs of random content) parses and serialises back
// to the same bytes, and its digest for the vector's input (or none), hash type and branch id is
// the vector's.
#include <catch2/catch.hpp>

#include "core/coins/zhtlc/sapling_transaction.h"
#include "core/coins/zhtlc/zip243.h"
#include "core/encoding/hex.h"
#include "core/encoding/wire.h"
#include "tests/unit/crypto/sapling_vectors.h"

using namespace walletd;

TEST_CASE("ZIP-243: every zcash-test-vectors digest; transactions serialise back byte for byte") {
  const auto rows = test::zcashVectors("zip_0243.json");
  REQUIRE(rows.size() == 10);
  for (const auto& row : rows) {
    const Bytes raw = fromHex(row.at("tx").get<std::string>());
    const SaplingTransaction tx = parseSaplingTransaction(raw);
    REQUIRE(toHex(serializeSaplingTransaction(tx)) == toHex(raw));
    std::optional<Zip243Input> input;
    const auto index = row.at("transparent_input").get<std::int64_t>();
    if (index >= 0) {
      input = Zip243Input{static_cast<std::size_t>(index),
                          fromHex(row.at("script_code").get<std::string>()),
                          row.at("amount").get<std::uint64_t>()};
    }
    const ByteArray<32> digest =
        zip243Sighash(tx, row.at("consensus_branch_id").get<std::uint32_t>(),
                      row.at("hash_type").get<std::uint32_t>(), input);
    CHECK(toHex(digest) == row.at("sighash").get<std::string>());
  }
}

TEST_CASE("Version-4 transactions: another version, a truncation or trailing bytes are refused") {
  const auto rows = test::zcashVectors("zip_0243.json");
  const Bytes raw = fromHex(rows.front().at("tx").get<std::string>());
  Bytes v3 = raw;
  v3[0] = 3;
  CHECK_THROWS_AS(parseSaplingTransaction(v3), WireDecodeError);
  CHECK_THROWS_AS(parseSaplingTransaction(ByteView(raw).first(raw.size() - 1)), WireDecodeError);
  Bytes longer = raw;
  longer.push_back(0);
  CHECK_THROWS_AS(parseSaplingTransaction(longer), WireDecodeError);
}

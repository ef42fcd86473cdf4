// Sapling's primitives and keys (core/crypto/sapling) against zcash-test-vectors: the generators,
// ZIP-32 (hardened and non-hardened paths, the 169-byte keys, fingerprints, diversifiers by FF1),
// the key components with a note's commitment and nullifier, and LRZ's empty Merkle roots.
#include <catch2/catch.hpp>

#include "core/crypto/sapling/group_hash.h"
#include "core/crypto/sapling/pedersen_hash.h"
#include "core/crypto/sapling/sapling_keys.h"
#include "tests/unit/crypto/sapling_vectors.h"

using namespace walletd;
using namespace walletd::sapling;
using walletd::test::hexArray;
using walletd::test::VectorRow;
using walletd::test::zcashVectors;

namespace {

std::string hexOf(ByteView bytes) {
  return toHex(bytes);
}

// d0..d2: the diversifiers of indices 0..2, null where the index gives no valid one.
void checkDiversifiers(const ExtendedFullViewingKey& xfvk, const VectorRow& row) {
  const char* const columns[] = {"d0", "d1", "d2"};
  for (int j = 0; j < 3; ++j) {
    const Json& expected = row.at(columns[j]);
    const auto address = xfvk.address(static_cast<std::uint64_t>(j));
    if (expected.is_null()) {
      CHECK_FALSE(address.has_value());
    } else {
      REQUIRE(address.has_value());
      CHECK(hexOf(address->diversifier) == expected);
    }
  }
}

void checkExtendedKey(const ExtendedSpendingKey& xsk, const VectorRow& row) {
  CHECK(hexOf(xsk.ask().toBytes()) == row.at("ask"));
  CHECK(hexOf(xsk.nsk().toBytes()) == row.at("nsk"));
  CHECK(hexOf(xsk.serialize()) == row.at("xsk"));
  const ExtendedFullViewingKey xfvk = xsk.fullViewingKey();
  CHECK(hexOf(xfvk.fvk.ovk) == row.at("ovk"));
  CHECK(hexOf(xfvk.dk) == row.at("dk"));
  CHECK(hexOf(xfvk.header.chain_code) == row.at("c"));
  CHECK(hexOf(xfvk.fvk.ak.encode()) == row.at("ak"));
  CHECK(hexOf(xfvk.fvk.nk.encode()) == row.at("nk"));
  CHECK(hexOf(xfvk.fvk.ivk()) == row.at("ivk"));
  CHECK(hexOf(xfvk.serialize()) == row.at("xfvk"));
  CHECK(hexOf(xfvk.fvk.fingerprint()) == row.at("fp"));
  checkDiversifiers(xfvk, row);
}

Bytes seed0to31() {
  Bytes seed(32);
  for (std::size_t i = 0; i < seed.size(); ++i) seed[i] = static_cast<std::uint8_t>(i);
  return seed;
}

}  // namespace

TEST_CASE("Sapling's generators are zcash-test-vectors' (FindGroupHash over BLAKE2s)") {
  const VectorRow row = zcashVectors("sapling_generators.json").at(0);
  const SaplingGenerators& g = saplingGenerators();
  CHECK(hexOf(g.spend_auth.encode()) == row.at("skb"));
  CHECK(hexOf(g.proof_generation.encode()) == row.at("pkb"));
  CHECK(hexOf(g.nullifier_position.encode()) == row.at("npb"));
  CHECK(hexOf(g.note_commit_r.encode()) == row.at("wprb"));
  CHECK(hexOf(g.value_commit_v.encode()) == row.at("vcvb"));
  CHECK(hexOf(g.value_commit_r.encode()) == row.at("vcrb"));
  const char* const columns[] = {"pb0", "pb1", "pb2", "pb3"};
  for (int i = 0; i < 4; ++i) CHECK(hexOf(g.pedersen[i].encode()) == row.at(columns[i]));
  CHECK(g.spend_auth.isPrimeOrder());
}

TEST_CASE("ZIP-32 Sapling keys match zcash-test-vectors (m, m/1, m/1/2', m/1/2'/3)") {
  const auto rows = zcashVectors("sapling_zip32.json");
  REQUIRE(rows.size() == 5);
  const ExtendedSpendingKey m = ExtendedSpendingKey::master(seed0to31());
  checkExtendedKey(m, rows[0]);
  const ExtendedSpendingKey m1 = m.child(1);
  checkExtendedKey(m1, rows[1]);
  const ExtendedSpendingKey m12h = m1.child(2 | kZip32Hardened);
  checkExtendedKey(m12h, rows[2]);
  // Rows 3 and 4 are viewing-key-side: m/1/2' as an xfvk, then its non-hardened child 3, which a
  // spending key's non-hardened child must reproduce.
  CHECK(hexOf(m12h.fullViewingKey().serialize()) == rows[3].at("xfvk"));
  const ExtendedFullViewingKey child3 = m12h.child(3).fullViewingKey();
  CHECK(hexOf(child3.serialize()) == rows[4].at("xfvk"));
  CHECK(hexOf(child3.fvk.ivk()) == rows[4].at("ivk"));
  checkDiversifiers(child3, rows[4]);
}

TEST_CASE("ZIP-32 hardened Sapling paths match zcash-test-vectors (m/1'/2'/3')") {
  const auto rows = zcashVectors("sapling_zip32_hard.json");
  REQUIRE(rows.size() == 4);
  ExtendedSpendingKey key = ExtendedSpendingKey::master(seed0to31());
  checkExtendedKey(key, rows[0]);
  for (std::uint32_t i = 1; i <= 3; ++i) {
    key = key.child(i | kZip32Hardened);
    checkExtendedKey(key, rows[i]);
  }
}

TEST_CASE("Sapling key components, note commitments and nullifiers match zcash-test-vectors") {
  const auto rows = zcashVectors("sapling_key_components.json");
  REQUIRE(rows.size() == 10);
  for (const VectorRow& row : rows) {
    const ExtendedSpendingKey sk =
        ExtendedSpendingKey::fromSpendingKey(fromHex(row.at("sk").get<std::string>()));
    const FullViewingKey fvk = sk.fullViewingKey().fvk;
    CHECK(hexOf(sk.ask().toBytes()) == row.at("ask"));
    CHECK(hexOf(sk.nsk().toBytes()) == row.at("nsk"));
    CHECK(hexOf(fvk.ovk) == row.at("ovk"));
    CHECK(hexOf(fvk.ak.encode()) == row.at("ak"));
    CHECK(hexOf(fvk.nk.encode()) == row.at("nk"));
    CHECK(hexOf(fvk.ivk()) == row.at("ivk"));

    const auto g_d = diversifyHash(hexArray<11>(row.at("default_d")));
    REQUIRE(g_d.has_value());
    const JubjubPoint pk_d = g_d->mul(fvk.ivk());
    CHECK(hexOf(pk_d.encode()) == row.at("default_pk_d"));
    const Fr rcm = Fr::fromBytes(hexArray<32>(row.at("note_r"))).value();
    const JubjubPoint cm =
        noteCommitment(g_d->encode(), pk_d.encode(), row.at("note_v").get<std::uint64_t>(), rcm);
    CHECK(hexOf(cm.affineU().toBytes()) == row.at("note_cmu"));
    CHECK(hexOf(nullifier(fvk.nk, cm, row.at("note_pos").get<std::uint64_t>())) ==
          row.at("note_nf"));
  }
}

TEST_CASE("Sapling's empty Merkle roots are LRZ's") {
  // librustzcash merkle_tree.rs HEX_EMPTY_ROOTS, levels 0, 1, 2 and 32.
  CHECK(hexOf(emptyRoot(0)) == "0100000000000000000000000000000000000000000000000000000000000000");
  CHECK(hexOf(emptyRoot(1)) == "817de36ab2d57feb077634bca77819c8e0bd298c04f6fed0e6a83cc1356ca155");
  CHECK(hexOf(emptyRoot(2)) == "ffe9fc03f18b176c998806439ff0bb8ad193afdb27b2ccbc88856916dd804e34");
  CHECK(hexOf(emptyRoot(32)) == "fbc2f4300c01f0b7820d00e3347c8da4ee614674376cbc45359daa54f9b5493e");
}

TEST_CASE("Jubjub decoding refuses what is not a canonical point") {
  ByteArray<32> too_big{};
  too_big.fill(0xff);
  too_big[31] = 0x7f;  // v ≥ q
  CHECK_FALSE(JubjubPoint::decode(too_big).has_value());
  ByteArray<32> identity_negative_zero{};
  identity_negative_zero[0] = 1;
  identity_negative_zero[31] = 0x80;  // (u = 0, v = 1) with the sign bit set: ZIP-216
  CHECK_FALSE(JubjubPoint::decode(identity_negative_zero).has_value());
  ByteArray<32> identity{};
  identity[0] = 1;
  REQUIRE(JubjubPoint::decode(identity).has_value());
  CHECK(JubjubPoint::decode(identity)->isIdentity());
}

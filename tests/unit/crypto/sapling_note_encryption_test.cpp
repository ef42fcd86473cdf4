// Sapling note encryption (core/crypto/sapling/note_encryption) against zcash-test-vectors'
// pre-ZIP-212 rows: encryption with the given esk reproduces epk and both ciphertexts; the
// recipient's ivk opens the compact 52 bytes and the full ciphertext with its memo; the sender's
// ovk recovers the output; a wrong key or a changed commitment opens nothing.
#include <catch2/catch.hpp>

#include "core/crypto/sapling/group_hash.h"
#include "core/crypto/sapling/note_encryption.h"
#include "core/crypto/sapling/trial_decryption.h"
#include "tests/unit/crypto/sapling_vectors.h"

using namespace walletd;
using namespace walletd::sapling;
using walletd::test::hexArray;
using walletd::test::VectorRow;
using walletd::test::zcashVectors;

namespace {

SaplingNote noteOf(const VectorRow& row) {
  SaplingNote note;
  note.diversifier = hexArray<11>(row.at("default_d"));
  note.g_d = diversifyHash(note.diversifier).value();
  note.pk_d = JubjubPoint::decode(hexArray<32>(row.at("default_pk_d"))).value();
  note.value = row.at("v").get<std::uint64_t>();
  note.rcm = Fr::fromBytes(hexArray<32>(row.at("rcm"))).value();
  return note;
}

OutputCiphertexts outputOf(const VectorRow& row) {
  OutputCiphertexts out;
  out.cv = hexArray<32>(row.at("cv"));
  out.cmu = hexArray<32>(row.at("cmu"));
  out.epk = hexArray<32>(row.at("epk"));
  out.enc_ciphertext = fromHex(row.at("c_enc").get<std::string>());
  out.out_ciphertext = fromHex(row.at("c_out").get<std::string>());
  return out;
}

}  // namespace

TEST_CASE("Sapling note encryption reproduces zcash-test-vectors") {
  const auto rows = zcashVectors("sapling_note_encryption.json");
  REQUIRE(rows.size() == 10);
  for (const VectorRow& row : rows) {
    const SaplingNote note = noteOf(row);
    CHECK(toHex(note.commitmentPoint().affineU().toBytes()) == row.at("cmu"));
    OutputCiphertexts made;
    made.cv = hexArray<32>(row.at("cv"));
    made.cmu = hexArray<32>(row.at("cmu"));
    const Fr esk = Fr::fromBytes(hexArray<32>(row.at("esk"))).value();
    encryptNote(note, hexArray<512>(row.at("memo")), esk, hexArray<32>(row.at("ovk")), made);
    CHECK(toHex(made.epk) == row.at("epk"));
    CHECK(toHex(made.enc_ciphertext) == row.at("c_enc"));
    CHECK(toHex(made.out_ciphertext) == row.at("c_out"));
    const SecretArray<32> k_enc =
        saplingKdf(note.pk_d.mul(esk).mulByCofactor(), hexArray<32>(row.at("epk")));
    CHECK(toHex(k_enc.view()) == row.at("k_enc"));
  }
}

TEST_CASE("Sapling trial decryption opens zcash-test-vectors' outputs with the ivk") {
  for (const VectorRow& row : zcashVectors("sapling_note_encryption.json")) {
    const OutputCiphertexts output = outputOf(row);
    const ByteArray<32> ivk = hexArray<32>(row.at("ivk"));
    const auto compact = tryDecryptCompact(ivk, output.cmu, output.epk,
                                           ByteView(output.enc_ciphertext).subspan(0, 52));
    REQUIRE(compact.has_value());
    CHECK(compact->value == row.at("v").get<std::uint64_t>());
    CHECK(toHex(compact->diversifier) == row.at("default_d"));
    CHECK(toHex(compact->pk_d.encode()) == row.at("default_pk_d"));
    CHECK(toHex(compact->rcm.toBytes()) == row.at("rcm"));

    const auto full = tryDecryptFull(ivk, output);
    REQUIRE(full.has_value());
    CHECK(toHex(full->memo) == row.at("memo"));
    CHECK(full->note.value == compact->value);

    const auto recovered = tryRecoverWithOvk(hexArray<32>(row.at("ovk")), output);
    REQUIRE(recovered.has_value());
    CHECK(toHex(recovered->note.pk_d.encode()) == row.at("default_pk_d"));
    CHECK(recovered->note.value == compact->value);
    CHECK(toHex(recovered->memo) == row.at("memo"));
  }
}

TEST_CASE("Sapling trial decryption opens nothing with a wrong key or commitment") {
  const VectorRow row = zcashVectors("sapling_note_encryption.json").at(0);
  const VectorRow other = zcashVectors("sapling_note_encryption.json").at(1);
  OutputCiphertexts output = outputOf(row);
  const ByteArray<32> wrong_ivk = hexArray<32>(other.at("ivk"));
  CHECK_FALSE(tryDecryptCompact(wrong_ivk, output.cmu, output.epk,
                                ByteView(output.enc_ciphertext).subspan(0, 52))
                  .has_value());
  CHECK_FALSE(tryDecryptFull(wrong_ivk, output).has_value());
  CHECK_FALSE(tryRecoverWithOvk(hexArray<32>(other.at("ovk")), output).has_value());
  output.cmu[0] ^= 1;
  const ByteArray<32> ivk = hexArray<32>(row.at("ivk"));
  CHECK_FALSE(
      tryDecryptCompact(ivk, output.cmu, output.epk, ByteView(output.enc_ciphertext).subspan(0, 52))
          .has_value());
  output = outputOf(row);
  output.enc_ciphertext[100] ^= 1;  // the tag no longer verifies
  CHECK_FALSE(tryDecryptFull(ivk, output).has_value());
}

namespace {

// A pool that runs the parts last first, as threads may: the split must not depend on order.
class BackwardsPool : public ComputePool {
 public:
  std::size_t concurrency() const override { return 3; }
  void run(std::size_t parts, const std::function<void(std::size_t)>& part) override {
    runs.push_back(parts);
    for (std::size_t i = parts; i-- > 0;) part(i);
  }
  std::vector<std::size_t> runs;
};

}  // namespace

TEST_CASE("Sapling batch trial decryption finds the same notes split over a pool's parts") {
  const auto rows = zcashVectors("sapling_note_encryption.json");
  const ByteArray<32> ivk = hexArray<32>(rows.at(3).at("ivk"));
  std::vector<OutputCiphertexts> ciphertexts;
  for (const VectorRow& row : rows) ciphertexts.push_back(outputOf(row));
  // 200 outputs: every vector row 20 times; only row 3's (and any row with the same ivk) open.
  std::vector<CompactOutput> outputs;
  for (int copy = 0; copy < 20; ++copy) {
    for (const OutputCiphertexts& c : ciphertexts) {
      outputs.push_back({c.cmu, c.epk, ByteView(c.enc_ciphertext).subspan(0, 52)});
    }
  }
  const auto alone = trialDecryptCompact(ivk, outputs);
  BackwardsPool pool;
  const auto split = trialDecryptCompact(ivk, outputs, &pool);
  CHECK(pool.runs == std::vector<std::size_t>{3});
  REQUIRE(alone.size() == split.size());
  std::size_t found = 0;
  for (std::size_t i = 0; i < alone.size(); ++i) {
    REQUIRE(alone[i].has_value() == split[i].has_value());
    const bool mine = rows.at(i % rows.size()).at("ivk") == rows.at(3).at("ivk");
    CHECK(alone[i].has_value() == mine);
    if (alone[i]) {
      ++found;
      CHECK(alone[i]->value == split[i]->value);
    }
  }
  CHECK(found >= 20);
  // Every vector's own ivk finds its own note among all the vectors' outputs, and only it (ten
  // keys, ten epks through the batch's ladder).
  for (std::size_t r = 0; r < rows.size(); ++r) {
    const auto mine = trialDecryptCompact(hexArray<32>(rows.at(r).at("ivk")),
                                          std::span(outputs).first(rows.size()));
    for (std::size_t i = 0; i < rows.size(); ++i) {
      CHECK(mine[i].has_value() == (rows.at(i).at("ivk") == rows.at(r).at("ivk")));
      if (i == r && mine[i])
        CHECK(mine[i]->value ==
              tryDecryptFull(hexArray<32>(rows.at(r).at("ivk")), ciphertexts[r])->note.value);
    }
  }
  // Too few outputs for two parts of 64: one part, run in place.
  BackwardsPool small;
  CHECK(trialDecryptCompact(ivk, std::span(outputs).first(100), &small).size() == 100);
  CHECK(small.runs.empty());
}

// Jubjub's x-only Montgomery ladder (jubjub_ladder.h) against the Edwards arithmetic, and the
// trial-decryption filter built on it: an epk whose v has no point on Jubjub (where the ladder
// computes on the quadratic twist) never yields a note, even with a ciphertext made to open under
// the key the ladder derives from it.
#include <catch2/catch.hpp>

#include <mbedtls/chacha20.h>

#include <random>

#include "core/crypto/sapling/jubjub_ladder.h"
#include "core/crypto/sapling/sapling_keys.h"
#include "core/crypto/sapling/trial_decryption.h"

using namespace walletd;
using namespace walletd::sapling;

namespace {

Fq affineV(const JubjubPoint& p) {
  return p.v * p.z.invert();
}
Fq montgomeryXOf(const Fq& v) {
  return (Fq::one() + v) * (Fq::one() - v).invert();
}
Fq edwardsVOf(const MontgomeryX& q) {
  return (q.x - q.z) * (q.x + q.z).invert();
}

ByteArray<32> randomBytes(std::mt19937_64& rng) {
  ByteArray<32> out{};
  for (auto& b : out) b = static_cast<std::uint8_t>(rng());
  return out;
}

// A compact output of `note` whose ciphertext is the note's plaintext under `key`.
CompactOutput sealedWith(const SaplingNote& note, const ByteArray<32>& epk,
                         const SecretArray<32>& key, Bytes& ciphertext) {
  Bytes plain(kCompactCiphertextSize, 0);
  plain[0] = 0x01;
  std::copy(note.diversifier.begin(), note.diversifier.end(), plain.begin() + 1);
  for (int i = 0; i < 8; ++i) plain[12 + i] = static_cast<std::uint8_t>(note.value >> (8 * i));
  const ByteArray<32> rcm = note.rcm.toBytes();
  std::copy(rcm.begin(), rcm.end(), plain.begin() + 20);
  ciphertext.assign(kCompactCiphertextSize, 0);
  mbedtls_chacha20_crypt(key.data(), kNoteNonce, 1, plain.size(), plain.data(), ciphertext.data());
  return {note.commitmentPoint().affineU().toBytes(), epk, ciphertext};
}

}  // namespace

TEST_CASE("the Montgomery ladder gives the v of [k]P and [2]P") {
  std::mt19937_64 rng(20261128);
  const JubjubPoint g =
      ExtendedSpendingKey::master(Bytes(32, 3)).fullViewingKey().defaultAddress().second.g_d;
  for (int i = 0; i < 40; ++i) {
    const JubjubPoint p = g.mul(randomBytes(rng));
    ByteArray<32> k = randomBytes(rng);
    const int bits = i % 2 == 0 ? 256 : 251;
    if (bits == 251) k[31] &= 0x07;
    const Fq x_p = montgomeryXOf(affineV(p));
    CHECK(edwardsVOf(montgomeryLadder(x_p, k, bits)) == affineV(p.mul(k)));
    CHECK(edwardsVOf(montgomeryDouble({x_p, Fq::one()})) == affineV(p.dbl()));
  }
  // k = 0: the identity, Z = 0.
  CHECK(montgomeryLadder(montgomeryXOf(affineV(g)), ByteArray<32>{}, 256).z.isZero());
}

TEST_CASE("trial decryption finds no note behind an epk off the curve") {
  const ExtendedFullViewingKey xfvk = ExtendedSpendingKey::master(Bytes(32, 9)).fullViewingKey();
  const ByteArray<32> ivk = xfvk.fvk.ivk();
  const PaymentAddress address = xfvk.defaultAddress().second;
  const SaplingNote note{address.diversifier, address.g_d, address.pk_d, 5000, Fr::fromU64(42)};

  // Control: a real epk, the note sealed under the real shared secret, is found.
  const JubjubPoint epk = address.g_d.mul(Fr::fromU64(777));
  const JubjubPoint shared = epk.mul(ivk).mulByCofactor();
  Bytes real_ct;
  const CompactOutput real =
      sealedWith(note, epk.encode(), saplingKdf(shared, epk.encode()), real_ct);
  const auto found = trialDecryptCompact(ivk, std::span(&real, 1));
  REQUIRE(found[0].has_value());
  CHECK(found[0]->value == 5000);

  // A v with no point: u² = (v² - 1)/(d·v² + 1) is not a square.
  Fq v = Fq::fromU64(2);
  while (fqSqrt((v.square() - Fq::one()) * (jubjubD() * v.square() + Fq::one()).invert()))
    v = v + Fq::one();
  const ByteArray<32> twist_epk = v.toBytes();
  MontgomeryX q = montgomeryLadder(montgomeryXOf(v), ivk, 256);
  for (int i = 0; i < 3; ++i) q = montgomeryDouble(q);
  ByteArray<32> repr = edwardsVOf(q).toBytes();
  for (int sign = 0; sign < 2; ++sign) {
    if (sign == 1) repr[31] |= 0x80;
    Bytes ct;
    const CompactOutput forged = sealedWith(note, twist_epk, saplingKdf(repr, twist_epk), ct);
    CHECK_FALSE(trialDecryptCompact(ivk, std::span(&forged, 1))[0].has_value());
  }
}

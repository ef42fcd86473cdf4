// Batched trial decryption in two stages.
// - The filter, for every output: the epk's v gives its Montgomery x = (1 + v)/(1 - v) without a
//   square root; the x-only ladder gives [8·ivk]'s x and so the shared secret's v (one field
//   inversion for each stage of the whole batch, by Montgomery's trick). The sign bit of the
//   shared secret's encoding is unknown, so both keys are derived and each decrypts the
//   plaintext's lead byte and rcm. A wrong key passes with odds of about 1 in 4,000 per sign.
// - The exact decryption, for what passed: the epk decoded as a point (this rejects a v with no
//   point on Jubjub — the ladder alone would compute on the quadratic twist), [8·ivk]·epk in
//   Edwards coordinates, and the note accepted only when its commitment is the output's cmu.
#include "core/crypto/sapling/trial_decryption.h"

#include <mbedtls/chacha20.h>

#include <algorithm>

#include "core/crypto/sapling/group_hash.h"
#include "core/crypto/sapling/jubjub_ladder.h"
#include "core/crypto/secret.h"

namespace walletd::sapling {
namespace {

// ±epk and what finishing it needs.
struct Agreement {
  std::size_t index = 0;
  bool sign = false;  // the sign bit of the epk encoding
  Fq x, den;
  JubjubPoint shared;  // [8·ivk](±epk), projective
};

// The v coordinate an epk encodes (its low 255 bits), nullopt when not canonical.
std::optional<Fq> encodedV(const ByteArray<32>& epk) {
  ByteArray<32> v_bytes = epk;
  v_bytes[31] &= 0x7f;
  return Fq::fromBytes(v_bytes);
}

std::optional<Agreement> agree(const ByteArray<32>& ivk, const CompactOutput& output) {
  Agreement out;
  out.sign = (output.epk[31] & 0x80) != 0;
  const std::optional<Fq> v = encodedV(output.epk);
  if (!v) return std::nullopt;
  const Fq v2 = v->square();
  out.den = jubjubD() * v2 + Fq::one();
  const std::optional<Fq> x = fqSqrt((v2 - Fq::one()) * out.den);
  if (!x) return std::nullopt;
  out.x = *x;
  const JubjubPoint epk{*x, *v * out.den, out.den, *x * *v};
  out.shared = epk.mul(ivk).mulByCofactor();
  return out;
}

// Inverts every element of `values` in place with one field inversion (none is zero).
void batchInvert(std::vector<Fq>& values) {
  std::vector<Fq> prefix(values.size());
  Fq acc = Fq::one();
  for (std::size_t i = 0; i < values.size(); ++i) {
    prefix[i] = acc;
    acc = acc * values[i];
  }
  Fq inv = acc.invert();
  for (std::size_t i = values.size(); i-- > 0;) {
    const Fq value = values[i];
    values[i] = inv * prefix[i];
    inv = inv * value;
  }
}

// The note a 52-byte compact plaintext holds, checked against `output`'s cmu.
std::optional<SaplingNote> openCompact(const ByteArray<32>& ivk, const ByteArray<32>& shared,
                                       const CompactOutput& output) {
  const SecretArray<32> key = saplingKdf(shared, output.epk);
  ByteArray<kCompactCiphertextSize> plain{};
  mbedtls_chacha20_crypt(key.data(), kNoteNonce, 1, kCompactCiphertextSize,
                         output.ciphertext.data(), plain.data());
  std::optional<SaplingNote> note = parseCompactPlaintext(plain);
  wipe(plain);
  if (!note) return std::nullopt;
  note->pk_d = note->g_d.mul(ivk);
  if (note->commitmentPoint().affineU().toBytes() != output.cmu) return std::nullopt;
  return note;
}

}  // namespace

namespace {

// Trial-decrypts `outputs` into `found` (same length) exactly, with one inversion for them all.
void decryptExactly(const ByteArray<32>& ivk, std::span<const CompactOutput> outputs,
                    std::span<std::optional<SaplingNote>> found) {
  std::vector<Agreement> agreements;
  agreements.reserve(outputs.size());
  for (std::size_t i = 0; i < outputs.size(); ++i) {
    if (outputs[i].ciphertext.size() < kCompactCiphertextSize) continue;
    if (std::optional<Agreement> a = agree(ivk, outputs[i])) {
      a->index = i;
      agreements.push_back(*a);
    }
  }
  std::vector<Fq> inverses;
  inverses.reserve(2 * agreements.size());
  for (const Agreement& a : agreements) {
    inverses.push_back(a.shared.z);
    inverses.push_back(a.den);
  }
  batchInvert(inverses);
  for (std::size_t k = 0; k < agreements.size(); ++k) {
    const Agreement& a = agreements[k];
    const bool negated = (a.x * inverses[2 * k + 1]).isOdd() != a.sign;
    const Fq zinv = inverses[2 * k];
    ByteArray<32> shared = (a.shared.v * zinv).toBytes();
    if ((a.shared.u * zinv).isOdd() != negated) shared[31] |= 0x80;
    found[a.index] = openCompact(ivk, shared, outputs[a.index]);
  }
}

// [8·ivk]'s Montgomery x for P's x: Sapling's ivk has 251 bits, so the ladder runs over those and
// three doublings follow (all 256 bits for any other 32 bytes).
MontgomeryX sharedX(const ByteArray<32>& ivk, const Fq& x_p) {
  const int bits = (ivk[31] & 0xf8) == 0 ? 251 : 256;
  MontgomeryX q = montgomeryLadder(x_p, ivk, bits);
  for (int i = 0; i < 3; ++i) q = montgomeryDouble(q);
  return q;
}

// Whether the key from this encoding of the shared secret opens `output` to a plausible compact
// plaintext: lead byte 0x01 and a canonical rcm.
bool opensPlausibly(const ByteArray<32>& shared, const CompactOutput& output) {
  const SecretArray<32> key = saplingKdf(shared, output.epk);
  ByteArray<kCompactCiphertextSize> plain{};
  mbedtls_chacha20_crypt(key.data(), kNoteNonce, 1, kCompactCiphertextSize,
                         output.ciphertext.data(), plain.data());
  ByteArray<32> rcm{};
  std::copy(plain.begin() + 20, plain.end(), rcm.begin());
  const bool plausible = plain[0] == kLeadBytePreZip212 && Fr::fromBytes(rcm).has_value();
  wipe(rcm);
  wipe(plain);
  return plausible;
}

// The filter stage over `outputs`: the indexes of those worth an exact decryption.
std::vector<std::size_t> plausibleOutputs(const ByteArray<32>& ivk,
                                          std::span<const CompactOutput> outputs) {
  std::vector<std::size_t> index;
  std::vector<Fq> v, inverses;
  for (std::size_t i = 0; i < outputs.size(); ++i) {
    if (outputs[i].ciphertext.size() < kCompactCiphertextSize) continue;
    const std::optional<Fq> vi = encodedV(outputs[i].epk);
    // v = ±1 are the points of order 1 and 2, never an epk on a valid chain.
    if (!vi || (Fq::one() - *vi).isZero() || (Fq::one() + *vi).isZero()) continue;
    index.push_back(i);
    v.push_back(*vi);
    inverses.push_back(Fq::one() - *vi);
  }
  batchInvert(inverses);
  std::vector<MontgomeryX> shared(index.size());
  for (std::size_t k = 0; k < index.size(); ++k) {
    shared[k] = sharedX(ivk, (Fq::one() + v[k]) * inverses[k]);
    // x = -1 has no point on Jubjub (only on its twist): leave it to fail below.
    inverses[k] = (shared[k].x + shared[k].z).isZero() ? Fq::one() : shared[k].x + shared[k].z;
  }
  batchInvert(inverses);
  std::vector<std::size_t> plausible;
  for (std::size_t k = 0; k < index.size(); ++k) {
    ByteArray<32> repr = ((shared[k].x - shared[k].z) * inverses[k]).toBytes();
    bool maybe = opensPlausibly(repr, outputs[index[k]]);
    repr[31] |= 0x80;
    maybe = opensPlausibly(repr, outputs[index[k]]) || maybe;
    if (maybe) plausible.push_back(index[k]);
  }
  return plausible;
}

// Trial-decrypts `outputs` into `found` (same length): the filter, then the exact decryption of
// what passed it.
void decryptRange(const ByteArray<32>& ivk, std::span<const CompactOutput> outputs,
                  std::span<std::optional<SaplingNote>> found) {
  for (const std::size_t i : plausibleOutputs(ivk, outputs)) {
    decryptExactly(ivk, outputs.subspan(i, 1), found.subspan(i, 1));
  }
}

}  // namespace

std::vector<std::optional<SaplingNote>> trialDecryptCompact(const ByteArray<32>& ivk,
                                                            std::span<const CompactOutput> outputs,
                                                            ComputePool* pool) {
  std::vector<std::optional<SaplingNote>> found(outputs.size());
  // Parts of at least kMinPart outputs, so that each one's inversion stays a small share.
  constexpr std::size_t kMinPart = 64;
  const std::size_t most = pool != nullptr ? pool->concurrency() : 1;
  const std::size_t parts = std::max<std::size_t>(1, std::min(most, outputs.size() / kMinPart));
  const std::size_t size = (outputs.size() + parts - 1) / parts;
  runParts(pool, parts, [&](std::size_t part) {
    const std::size_t begin = std::min(outputs.size(), part * size);
    const std::size_t count = std::min(size, outputs.size() - begin);
    decryptRange(ivk, outputs.subspan(begin, count), std::span(found).subspan(begin, count));
  });
  return found;
}

}  // namespace walletd::sapling

// Batched trial decryption. An epk is not decoded to an affine point: with v from its bytes,
// den = d·v² + 1 and x = √((v² - 1)·den), (x : v·den : den : x·v) is ±epk in extended
// coordinates without an inversion. [8·ivk] of it is ±(the shared secret); one inversion for the
// whole batch (Montgomery's trick over each output's den and result Z) then gives both the
// affine shared point and the sign of the u = x/den we picked, so the shared secret's encoding is
// exact. The ChaCha20 keystream decides the rest: 1 in 256 wrong keys give a plausible lead byte,
// and only the note commitment check accepts.
#include "core/crypto/sapling/trial_decryption.h"

#include <mbedtls/chacha20.h>

#include <algorithm>

#include "core/crypto/sapling/group_hash.h"
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

std::optional<Agreement> agree(const ByteArray<32>& ivk, const CompactOutput& output) {
  ByteArray<32> v_bytes = output.epk;
  Agreement out;
  out.sign = (v_bytes[31] & 0x80) != 0;
  v_bytes[31] &= 0x7f;
  const std::optional<Fq> v = Fq::fromBytes(v_bytes);
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

// Trial-decrypts `outputs` into `found` (same length), with one inversion for them all.
void decryptRange(const ByteArray<32>& ivk, std::span<const CompactOutput> outputs,
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

// Note encryption: the key agreement is [8·sk]P on Jubjub, the KDF and ock are BLAKE2b-256 under
// "Zcash_SaplingKDF" and "Zcash_Derive_ock", both ciphertexts are ChaCha20-Poly1305 with a zero
// nonce (each key is used once). A compact output is the first 52 bytes of the ciphertext, which
// ChaCha20 alone (from block 1, block 0 being Poly1305's key) turns into lead byte, d, v and rcm.
#include "core/crypto/sapling/note_encryption.h"

#include "core/crypto/aead.h"
#include "core/crypto/blake2b.h"
#include "core/crypto/sapling/group_hash.h"
#include "core/crypto/sapling/pedersen_hash.h"
#include "core/crypto/sapling/trial_decryption.h"

namespace walletd::sapling {
namespace {

constexpr std::size_t kNotePlaintextSize = 564;

ByteArray<32> toArray(ByteView bytes) {
  ByteArray<32> out{};
  std::copy(bytes.begin(), bytes.begin() + 32, out.begin());
  return out;
}

}  // namespace

std::optional<SaplingNote> parseCompactPlaintext(ByteView plain) {
  if (plain.size() < kCompactCiphertextSize || plain[0] != kLeadBytePreZip212) return std::nullopt;
  SaplingNote note;
  std::copy(plain.begin() + 1, plain.begin() + 12, note.diversifier.begin());
  for (int i = 0; i < 8; ++i) note.value |= static_cast<std::uint64_t>(plain[12 + i]) << (8 * i);
  const std::optional<Fr> rcm = Fr::fromBytes(toArray(plain.subspan(20, 32)));
  const std::optional<JubjubPoint> g_d = diversifyHash(note.diversifier);
  if (!rcm || !g_d) return std::nullopt;
  note.rcm = *rcm;
  note.g_d = *g_d;
  return note;
}

namespace {

bool commitmentMatches(const SaplingNote& note, const ByteArray<32>& cmu) {
  return note.commitmentPoint().affineU().toBytes() == cmu;
}

SecretArray<32> deriveOck(const ByteArray<32>& ovk, const OutputCiphertexts& output) {
  Bytes digest = blake2b(concatBytes({ovk, output.cv, output.cmu, output.epk}),
                         {.digest_size = 32, .personal = asBytes("Zcash_Derive_ock")});
  SecretArray<32> ock = SecretArray<32>::copyOf(digest.data());
  wipe(digest);
  return ock;
}

Bytes notePlaintext(const SaplingNote& note, const ByteArray<kMemoSize>& memo) {
  Bytes plain;
  plain.reserve(kNotePlaintextSize);
  plain.push_back(kLeadBytePreZip212);
  plain.insert(plain.end(), note.diversifier.begin(), note.diversifier.end());
  for (int i = 0; i < 8; ++i) plain.push_back(static_cast<std::uint8_t>(note.value >> (8 * i)));
  const ByteArray<32> rcm = note.rcm.toBytes();
  plain.insert(plain.end(), rcm.begin(), rcm.end());
  plain.insert(plain.end(), memo.begin(), memo.end());
  return plain;
}

// Opens the full ciphertext under the key agreed on `shared` and checks what it holds.
std::optional<DecryptedOutput> openNote(const JubjubPoint& shared,
                                        const OutputCiphertexts& output) {
  if (output.enc_ciphertext.size() != kEncCiphertextSize) return std::nullopt;
  const SecretArray<32> key = saplingKdf(shared, output.epk);
  std::optional<Bytes> plain = chacha20Poly1305Open(key, kNoteNonce, output.enc_ciphertext, {});
  if (!plain) return std::nullopt;
  std::optional<SaplingNote> note = parseCompactPlaintext(*plain);
  if (!note) return std::nullopt;
  DecryptedOutput out{*note, {}};
  std::copy(plain->begin() + 52, plain->end(), out.memo.begin());
  wipe(*plain);
  return out;
}

}  // namespace

JubjubPoint SaplingNote::commitmentPoint() const {
  return noteCommitment(g_d.encode(), pk_d.encode(), value, rcm);
}

SecretArray<32> saplingKdf(const JubjubPoint& shared, const ByteArray<32>& epk) {
  return saplingKdf(shared.encode(), epk);
}

SecretArray<32> saplingKdf(const ByteArray<32>& shared_repr, const ByteArray<32>& epk) {
  Bytes digest = blake2b(concatBytes({shared_repr, epk}),
                         {.digest_size = 32, .personal = asBytes("Zcash_SaplingKDF")});
  SecretArray<32> key = SecretArray<32>::copyOf(digest.data());
  wipe(digest);
  return key;
}

std::optional<SaplingNote> tryDecryptCompact(const ByteArray<32>& ivk, const ByteArray<32>& cmu,
                                             const ByteArray<32>& epk, ByteView ciphertext52) {
  const CompactOutput output{cmu, epk, ciphertext52};
  return trialDecryptCompact(ivk, std::span<const CompactOutput>(&output, 1)).front();
}

std::optional<DecryptedOutput> tryDecryptFull(const ByteArray<32>& ivk,
                                              const OutputCiphertexts& output) {
  const std::optional<JubjubPoint> epk_point = JubjubPoint::decode(output.epk);
  if (!epk_point) return std::nullopt;
  std::optional<DecryptedOutput> out = openNote(epk_point->mul(ivk).mulByCofactor(), output);
  if (!out) return std::nullopt;
  out->note.pk_d = out->note.g_d.mul(ivk);
  if (!commitmentMatches(out->note, output.cmu)) return std::nullopt;
  return out;
}

std::optional<DecryptedOutput> tryRecoverWithOvk(const ByteArray<32>& ovk,
                                                 const OutputCiphertexts& output) {
  if (output.out_ciphertext.size() != kOutCiphertextSize) return std::nullopt;
  const SecretArray<32> ock = deriveOck(ovk, output);
  std::optional<Bytes> op = chacha20Poly1305Open(ock, kNoteNonce, output.out_ciphertext, {});
  if (!op) return std::nullopt;
  const std::optional<JubjubPoint> pk_d = JubjubPoint::decode(toArray(*op));
  const std::optional<Fr> esk = Fr::fromBytes(toArray(ByteView(*op).subspan(32)));
  wipe(*op);
  if (!pk_d || !esk) return std::nullopt;
  std::optional<DecryptedOutput> out = openNote(pk_d->mul(*esk).mulByCofactor(), output);
  if (!out) return std::nullopt;
  out->note.pk_d = *pk_d;
  if (out->note.g_d.mul(*esk).encode() != output.epk) return std::nullopt;
  if (!commitmentMatches(out->note, output.cmu)) return std::nullopt;
  return out;
}

void encryptNote(const SaplingNote& note, const ByteArray<kMemoSize>& memo, const Fr& esk,
                 const ByteArray<32>& ovk, OutputCiphertexts& output) {
  output.epk = note.g_d.mul(esk).encode();
  const SecretArray<32> key = saplingKdf(note.pk_d.mul(esk).mulByCofactor(), output.epk);
  Bytes plain = notePlaintext(note, memo);
  output.enc_ciphertext = chacha20Poly1305Seal(key, kNoteNonce, plain, {});
  wipe(plain);
  const ByteArray<32> pk_d = note.pk_d.encode();
  ByteArray<32> esk_bytes = esk.toBytes();
  Bytes out_plain = concatBytes({pk_d, esk_bytes});
  output.out_ciphertext = chacha20Poly1305Seal(deriveOck(ovk, output), kNoteNonce, out_plain, {});
  wipe(out_plain);
  wipe(esk_bytes);
}

}  // namespace walletd::sapling

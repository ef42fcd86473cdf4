// Sapling in-band note encryption before ZIP-212 (Zcash protocol specification §4.19, §5.5,
// §5.4.4.4), as ARRR and ZOMBIE use it (no Canopy height): the note plaintext's lead byte is 0x01
// and rcm travels in it. Trial decryption of lightwalletd's 52-byte compact outputs, full
// decryption with the memo, recovery of a sent output with the sender's ovk, and encryption.
#pragma once

#include <optional>

#include "core/crypto/sapling/jubjub_point.h"
#include "core/crypto/secret.h"

namespace walletd::sapling {

constexpr std::size_t kCompactCiphertextSize = 52;
constexpr std::size_t kEncCiphertextSize = 580;
constexpr std::size_t kOutCiphertextSize = 80;
constexpr std::size_t kMemoSize = 512;
// A note plaintext's first byte before ZIP-212.
constexpr std::uint8_t kLeadBytePreZip212 = 0x01;

// A decrypted note: to d ‖ pk_d (the address), of `value`, committed with `rcm`.
struct SaplingNote {
  ByteArray<11> diversifier{};
  JubjubPoint g_d, pk_d;
  std::uint64_t value = 0;
  Fr rcm;
  // The note commitment's full point and its u (cmu).
  JubjubPoint commitmentPoint() const;
};

struct DecryptedOutput {
  SaplingNote note;
  ByteArray<kMemoSize> memo{};  // empty (zeros) for a compact decryption
};

// What one shielded output publishes, by the fields encryption needs.
struct OutputCiphertexts {
  ByteArray<32> cv{}, cmu{}, epk{};
  Bytes enc_ciphertext;  // 580 bytes, or the first 52 from a compact block
  Bytes out_ciphertext;  // 80 bytes (absent from a compact block)
};

// The lead byte (0x01), d (with a g_d), v and a canonical rcm of a note plaintext's first 52
// bytes; nullopt otherwise. pk_d is left for the caller ([ivk]g_d, or the sender's).
std::optional<SaplingNote> parseCompactPlaintext(ByteView plain);

// Both ciphertexts use a zero nonce: each key encrypts once.
inline constexpr std::uint8_t kNoteNonce[12] = {};

// KDF^Sapling(shared, epk) = BLAKE2b-256("Zcash_SaplingKDF", repr(shared) ‖ repr(epk)); the
// second form takes repr(shared) already encoded.
SecretArray<32> saplingKdf(const JubjubPoint& shared, const ByteArray<32>& epk);
SecretArray<32> saplingKdf(const ByteArray<32>& shared_repr, const ByteArray<32>& epk);

// Trial decryption of the first 52 bytes (no tag to check): the note when the plaintext parses
// and its commitment is `cmu`, else nullopt. `ivk` is the 251-bit incoming viewing key.
std::optional<SaplingNote> tryDecryptCompact(const ByteArray<32>& ivk, const ByteArray<32>& cmu,
                                             const ByteArray<32>& epk, ByteView ciphertext52);
// Full decryption with the AEAD tag and the memo.
std::optional<DecryptedOutput> tryDecryptFull(const ByteArray<32>& ivk,
                                              const OutputCiphertexts& output);
// Recovery by the sender: the out-ciphertext under ock = PRF^ock(ovk, cv, cmu, epk) gives pk_d
// and esk, which open the note. nullopt when this ovk did not send it.
std::optional<DecryptedOutput> tryRecoverWithOvk(const ByteArray<32>& ovk,
                                                 const OutputCiphertexts& output);

// Encrypts `note` (g_d and pk_d set) to its address with ephemeral secret `esk`, the sender's
// `ovk` sealing the out-ciphertext (a sender without one passes random bytes: nobody can then
// recover the output). Fills epk and both ciphertexts of `output`, whose cv and cmu the caller
// sets first.
void encryptNote(const SaplingNote& note, const ByteArray<kMemoSize>& memo, const Fr& esk,
                 const ByteArray<32>& ovk, OutputCiphertexts& output);

}  // namespace walletd::sapling

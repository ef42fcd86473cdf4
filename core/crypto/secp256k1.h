// libsecp256k1 behind a small C++ surface: keys, tweaks (BIP32), RFC 6979 low-S ECDSA signatures
// (DER, compact and recoverable), verification and recovery. One context for the process, built
// on first use and blinded once with randomizeSecp256k1Context(); invalid arguments raise
// CryptoError instead of aborting (an abort would kill the wasm module).
#pragma once

#include <secp256k1.h>

#include "core/crypto/bytes.h"
#include "core/crypto/secret.h"

namespace walletd {

// A secp256k1 secret key: wiped when it goes out of scope (secret.h).
using PrivateKey = SecretArray<32>;
using Digest32 = ByteArray<32>;

class PublicKey {
 public:
  PublicKey() = default;
  explicit PublicKey(const secp256k1_pubkey& raw) : key_(raw) {}
  // Accepts 33-byte compressed or 65-byte uncompressed SEC1; throws CryptoError otherwise.
  static PublicKey parse(ByteView sec1);
  static PublicKey fromPrivate(const PrivateKey& key);
  ByteArray<33> compressed() const;
  ByteArray<65> uncompressed() const;
  const secp256k1_pubkey& raw() const { return key_; }

 private:
  secp256k1_pubkey key_{};
};

struct RecoverableSignature {
  ByteArray<64> compact;  // r || s, s low
  int recovery_id = 0;    // 0..3
};

// Blinds the signing context with 32 random bytes; later calls are ignored. Before the context
// exists the seed is kept and applied when the first key operation builds it.
void randomizeSecp256k1Context(ByteView seed32);

bool isValidPrivateKey(ByteView key);
// BIP32 child steps: key + tweak (mod n) and point + tweak*G. Throw CryptoError when the result
// is invalid (probability below 2^-127; BIP32 then skips the index).
PrivateKey privateKeyTweakAdd(const PrivateKey& key, const ByteArray<32>& tweak);
PublicKey publicKeyTweakAdd(const PublicKey& key, const ByteArray<32>& tweak);

RecoverableSignature signRecoverable(const Digest32& digest, const PrivateKey& key);
Bytes signDer(const Digest32& digest, const PrivateKey& key);
bool verifyDer(const Digest32& digest, ByteView der, const PublicKey& key);
PublicKey recoverPublicKey(const Digest32& digest, const RecoverableSignature& signature);

}  // namespace walletd

// The libsecp256k1 wrapper. The illegal-argument and error callbacks record the library's message
// instead of calling abort(); every wrapper checks the return code and throws CryptoError.
#include "core/crypto/secp256k1.h"

#include <secp256k1_recovery.h>

#include <algorithm>
#include <array>
#include <atomic>
#include <mutex>
#include <string>

#include "core/crypto/crypto_error.h"

namespace walletd {
namespace {

thread_local std::string last_library_message;

void recordLibraryMessage(const char* message, void*) {
  last_library_message = message ? message : "";
}

// The process's one context, created on first use, not at start-up: a node that answers
// requests without touching a key (its first `version`, a browser page's start) never builds it.
// A blinding seed given before that (randomizeSecp256k1Context) waits here and is applied when
// the context is created.
struct SharedContext {
  std::mutex mutex;
  std::atomic<secp256k1_context*> ctx{nullptr};
  std::array<unsigned char, 32> pending_seed{};
  bool has_pending_seed = false;
  bool randomized = false;
};

SharedContext& shared() {
  static SharedContext instance;
  return instance;
}

[[noreturn]] void fail(const char* what) {
  std::string message = what;
  if (!last_library_message.empty()) message += " (" + last_library_message + ")";
  last_library_message.clear();
  throw CryptoError(message);
}

// Blinds `ctx` with the seed (once per process); called with the shared mutex held.
void blind(SharedContext& s, secp256k1_context* ctx, const unsigned char* seed32) {
  if (!secp256k1_context_randomize(ctx, seed32)) fail("context randomisation failed");
  s.randomized = true;
}

secp256k1_context* context() {
  SharedContext& s = shared();
  if (secp256k1_context* ctx = s.ctx.load(std::memory_order_acquire)) return ctx;
  std::lock_guard<std::mutex> lock(s.mutex);
  if (secp256k1_context* ctx = s.ctx.load(std::memory_order_relaxed)) return ctx;
  secp256k1_context* created = secp256k1_context_create(SECP256K1_CONTEXT_NONE);
  secp256k1_context_set_illegal_callback(created, recordLibraryMessage, nullptr);
  secp256k1_context_set_error_callback(created, recordLibraryMessage, nullptr);
  if (s.has_pending_seed) {
    blind(s, created, s.pending_seed.data());
    s.pending_seed.fill(0);
    s.has_pending_seed = false;
  }
  s.ctx.store(created, std::memory_order_release);
  return created;
}

}  // namespace

void randomizeSecp256k1Context(ByteView seed32) {
  if (seed32.size() != 32) return;
  SharedContext& s = shared();
  std::lock_guard<std::mutex> lock(s.mutex);
  if (s.randomized || s.has_pending_seed) return;
  if (secp256k1_context* ctx = s.ctx.load(std::memory_order_relaxed)) {
    blind(s, ctx, seed32.data());
    return;
  }
  std::copy(seed32.begin(), seed32.end(), s.pending_seed.begin());
  s.has_pending_seed = true;
}

PublicKey PublicKey::parse(ByteView sec1) {
  PublicKey out;
  if ((sec1.size() != 33 && sec1.size() != 65) ||
      !secp256k1_ec_pubkey_parse(context(), &out.key_, sec1.data(), sec1.size())) {
    fail("invalid public key");
  }
  return out;
}

PublicKey PublicKey::fromPrivate(const PrivateKey& key) {
  PublicKey out;
  if (!secp256k1_ec_pubkey_create(context(), &out.key_, key.data())) fail("invalid private key");
  return out;
}

ByteArray<33> PublicKey::compressed() const {
  ByteArray<33> out{};
  std::size_t size = out.size();
  secp256k1_ec_pubkey_serialize(context(), out.data(), &size, &key_, SECP256K1_EC_COMPRESSED);
  return out;
}

ByteArray<65> PublicKey::uncompressed() const {
  ByteArray<65> out{};
  std::size_t size = out.size();
  secp256k1_ec_pubkey_serialize(context(), out.data(), &size, &key_, SECP256K1_EC_UNCOMPRESSED);
  return out;
}

// A range check needs no precomputation: the static context does, and checking a key (a login
// does) does not build the shared one.
bool isValidPrivateKey(ByteView key) {
  return key.size() == 32 && secp256k1_ec_seckey_verify(secp256k1_context_static, key.data()) == 1;
}

PrivateKey privateKeyTweakAdd(const PrivateKey& key, const ByteArray<32>& tweak) {
  PrivateKey out = key;
  if (!secp256k1_ec_seckey_tweak_add(context(), out.data(), tweak.data()))
    fail("private key tweak out of range");
  return out;
}

PublicKey publicKeyTweakAdd(const PublicKey& key, const ByteArray<32>& tweak) {
  secp256k1_pubkey raw = key.raw();
  if (!secp256k1_ec_pubkey_tweak_add(context(), &raw, tweak.data()))
    fail("public key tweak out of range");
  return PublicKey(raw);
}

RecoverableSignature signRecoverable(const Digest32& digest, const PrivateKey& key) {
  secp256k1_ecdsa_recoverable_signature sig;
  if (!secp256k1_ecdsa_sign_recoverable(context(), &sig, digest.data(), key.data(), nullptr,
                                        nullptr)) {
    fail("signing failed");
  }
  RecoverableSignature out;
  secp256k1_ecdsa_recoverable_signature_serialize_compact(context(), out.compact.data(),
                                                          &out.recovery_id, &sig);
  return out;
}

Bytes signDer(const Digest32& digest, const PrivateKey& key) {
  secp256k1_ecdsa_signature sig;
  if (!secp256k1_ecdsa_sign(context(), &sig, digest.data(), key.data(), nullptr, nullptr))
    fail("signing failed");
  Bytes der(72);
  std::size_t size = der.size();
  secp256k1_ecdsa_signature_serialize_der(context(), der.data(), &size, &sig);
  der.resize(size);
  return der;
}

bool verifyDer(const Digest32& digest, ByteView der, const PublicKey& key) {
  secp256k1_ecdsa_signature sig;
  if (!secp256k1_ecdsa_signature_parse_der(context(), &sig, der.data(), der.size())) return false;
  return secp256k1_ecdsa_verify(context(), &sig, digest.data(), &key.raw()) == 1;
}

PublicKey recoverPublicKey(const Digest32& digest, const RecoverableSignature& signature) {
  secp256k1_ecdsa_recoverable_signature sig;
  if (signature.recovery_id < 0 || signature.recovery_id > 3 ||
      !secp256k1_ecdsa_recoverable_signature_parse_compact(
          context(), &sig, signature.compact.data(), signature.recovery_id)) {
    fail("invalid recoverable signature");
  }
  secp256k1_pubkey raw;
  if (!secp256k1_ecdsa_recover(context(), &raw, &sig, digest.data()))
    fail("public key recovery failed");
  return PublicKey(raw);
}

}  // namespace walletd

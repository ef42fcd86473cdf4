// AES-256-GCM and ChaCha20-Poly1305.
#include "core/crypto/aead.h"

#include <mbedtls/chachapoly.h>
#include <mbedtls/gcm.h>

#include "core/crypto/crypto_error.h"
#include "core/crypto/secret.h"

namespace walletd {
namespace {

constexpr std::size_t kTagSize = 16;

struct GcmContext {
  explicit GcmContext(const SecretArray<32>& key) {
    mbedtls_gcm_init(&ctx);
    if (mbedtls_gcm_setkey(&ctx, MBEDTLS_CIPHER_ID_AES, key.data(), 256) != 0)
      throw CryptoError("AES key setup failed");
  }
  ~GcmContext() { mbedtls_gcm_free(&ctx); }
  GcmContext(const GcmContext&) = delete;
  GcmContext& operator=(const GcmContext&) = delete;
  mbedtls_gcm_context ctx;
};

struct ChachaContext {
  explicit ChachaContext(const SecretArray<32>& key) {
    mbedtls_chachapoly_init(&ctx);
    if (mbedtls_chachapoly_setkey(&ctx, key.data()) != 0)
      throw CryptoError("ChaCha20 key setup failed");
  }
  ~ChachaContext() { mbedtls_chachapoly_free(&ctx); }
  ChachaContext(const ChachaContext&) = delete;
  ChachaContext& operator=(const ChachaContext&) = delete;
  mbedtls_chachapoly_context ctx;
};

}  // namespace

Bytes aes256GcmSeal(const SecretArray<32>& key, ByteView nonce, ByteView plaintext, ByteView aad) {
  if (nonce.size() != 12) throw CryptoError("GCM nonce must be 12 bytes");
  GcmContext gcm(key);
  Bytes out(plaintext.size() + kTagSize);
  if (mbedtls_gcm_crypt_and_tag(&gcm.ctx, MBEDTLS_GCM_ENCRYPT, plaintext.size(), nonce.data(),
                                nonce.size(), aad.data(), aad.size(), plaintext.data(), out.data(),
                                kTagSize, out.data() + plaintext.size()) != 0) {
    throw CryptoError("encryption failed");
  }
  return out;
}

std::optional<Bytes> aes256GcmOpen(const SecretArray<32>& key, ByteView nonce, ByteView sealed,
                                   ByteView aad) {
  if (nonce.size() != 12 || sealed.size() < kTagSize) return std::nullopt;
  GcmContext gcm(key);
  const std::size_t size = sealed.size() - kTagSize;
  Bytes out(size);
  if (mbedtls_gcm_auth_decrypt(&gcm.ctx, size, nonce.data(), nonce.size(), aad.data(), aad.size(),
                               sealed.data() + size, kTagSize, sealed.data(), out.data()) != 0) {
    wipe(out);
    return std::nullopt;
  }
  return out;
}

Bytes chacha20Poly1305Seal(const SecretArray<32>& key, ByteView nonce, ByteView plaintext,
                           ByteView aad) {
  if (nonce.size() != 12) throw CryptoError("ChaCha20-Poly1305 nonce must be 12 bytes");
  ChachaContext chacha(key);
  Bytes out(plaintext.size() + kTagSize);
  if (mbedtls_chachapoly_encrypt_and_tag(&chacha.ctx, plaintext.size(), nonce.data(), aad.data(),
                                         aad.size(), plaintext.data(), out.data(),
                                         out.data() + plaintext.size()) != 0) {
    throw CryptoError("encryption failed");
  }
  return out;
}

std::optional<Bytes> chacha20Poly1305Open(const SecretArray<32>& key, ByteView nonce,
                                          ByteView sealed, ByteView aad) {
  if (nonce.size() != 12 || sealed.size() < kTagSize) return std::nullopt;
  ChachaContext chacha(key);
  const std::size_t size = sealed.size() - kTagSize;
  Bytes out(size);
  if (mbedtls_chachapoly_auth_decrypt(&chacha.ctx, size, nonce.data(), aad.data(), aad.size(),
                                      sealed.data() + size, sealed.data(), out.data()) != 0) {
    wipe(out);
    return std::nullopt;
  }
  return out;
}

}  // namespace walletd

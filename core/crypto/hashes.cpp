// Hashes through Mbed TLS 2.28's *_ret API (the same source in both hosts).
#include "core/crypto/hashes.h"

#include <mbedtls/md.h>
#include <mbedtls/platform_util.h>
#include <mbedtls/ripemd160.h>
#include <mbedtls/sha256.h>
#include <mbedtls/sha512.h>

#include "core/crypto/crypto_error.h"

namespace walletd {
namespace {

void check(int rc, const char* what) {
  if (rc != 0) throw CryptoError(std::string(what) + " failed");
}

template <std::size_t N>
ByteArray<N> hmac(mbedtls_md_type_t type, ByteView key, ByteView data) {
  ByteArray<N> out{};
  check(mbedtls_md_hmac(mbedtls_md_info_from_type(type), key.data(), key.size(), data.data(),
                        data.size(), out.data()),
        "hmac");
  return out;
}

}  // namespace

ByteArray<32> sha256Bytes(ByteView data) {
  ByteArray<32> out{};
  check(mbedtls_sha256_ret(data.data(), data.size(), out.data(), 0), "sha256");
  return out;
}

ByteArray<32> sha256d(ByteView data) {
  return sha256Bytes(sha256Bytes(data));
}

ByteArray<64> sha512(ByteView data) {
  ByteArray<64> out{};
  check(mbedtls_sha512_ret(data.data(), data.size(), out.data(), 0), "sha512");
  return out;
}

ByteArray<20> ripemd160(ByteView data) {
  ByteArray<20> out{};
  check(mbedtls_ripemd160_ret(data.data(), data.size(), out.data()), "ripemd160");
  return out;
}

ByteArray<20> hash160(ByteView data) {
  return ripemd160(sha256Bytes(data));
}

ByteArray<32> hmacSha256(ByteView key, ByteView data) {
  return hmac<32>(MBEDTLS_MD_SHA256, key, data);
}

// HMAC-SHA512 on stack contexts (BIP32 calls it once per child; the md layer would allocate).
ByteArray<64> hmacSha512(ByteView key, ByteView data) {
  constexpr std::size_t kBlock = 128;
  ByteArray<64> hashed_key{};
  if (key.size() > kBlock) {
    hashed_key = sha512(key);
    key = hashed_key;
  }
  std::uint8_t pad[kBlock];
  ByteArray<64> out{};
  mbedtls_sha512_context ctx;
  mbedtls_sha512_init(&ctx);
  for (std::size_t i = 0; i < kBlock; ++i) pad[i] = (i < key.size() ? key[i] : 0) ^ 0x36;
  check(mbedtls_sha512_starts_ret(&ctx, 0) | mbedtls_sha512_update_ret(&ctx, pad, kBlock) |
            mbedtls_sha512_update_ret(&ctx, data.data(), data.size()) |
            mbedtls_sha512_finish_ret(&ctx, out.data()),
        "hmac");
  for (std::size_t i = 0; i < kBlock; ++i) pad[i] = (i < key.size() ? key[i] : 0) ^ 0x5c;
  check(mbedtls_sha512_starts_ret(&ctx, 0) | mbedtls_sha512_update_ret(&ctx, pad, kBlock) |
            mbedtls_sha512_update_ret(&ctx, out.data(), out.size()) |
            mbedtls_sha512_finish_ret(&ctx, out.data()),
        "hmac");
  mbedtls_sha512_free(&ctx);
  mbedtls_platform_zeroize(pad, sizeof pad);
  mbedtls_platform_zeroize(hashed_key.data(), hashed_key.size());
  return out;
}

}  // namespace walletd

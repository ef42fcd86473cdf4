// PBKDF2-HMAC-SHA512, single block. Mbed TLS's generic PBKDF2 re-hashes the HMAC pads on every
// iteration (four SHA-512 compressions); here the inner and outer pad states are computed once
// and each iteration is exactly two compressions of a pre-padded block, which doubles the speed.
#include "core/crypto/pbkdf2.h"

#include <mbedtls/sha512.h>

#include <cstring>

#include "core/crypto/crypto_error.h"
#include "core/crypto/hashes.h"
#include "core/crypto/secret.h"

namespace walletd {
namespace {

constexpr std::size_t kBlock = 128;

// A SHA-512 state after absorbing one 128-byte pad block.
struct PadState {
  std::uint64_t state[8];
};

PadState absorbPad(const std::uint8_t* key, std::size_t key_size, std::uint8_t pad) {
  std::uint8_t block[kBlock];
  for (std::size_t i = 0; i < kBlock; ++i) block[i] = (i < key_size ? key[i] : 0) ^ pad;
  mbedtls_sha512_context ctx;
  mbedtls_sha512_init(&ctx);
  mbedtls_sha512_starts_ret(&ctx, 0);
  mbedtls_internal_sha512_process(&ctx, block);
  PadState out;
  std::memcpy(out.state, ctx.state, sizeof out.state);
  mbedtls_sha512_free(&ctx);
  wipe(block, sizeof block);
  return out;
}

// One compression of `block` (a 64-byte message already padded for a 192-byte total) from `from`.
void compressInto(const PadState& from, const std::uint8_t* block, mbedtls_sha512_context& ctx,
                  std::uint8_t* digest64) {
  std::memcpy(ctx.state, from.state, sizeof from.state);
  mbedtls_internal_sha512_process(&ctx, block);
  for (int i = 0; i < 8; ++i) {
    for (int b = 0; b < 8; ++b) digest64[i * 8 + b] = static_cast<std::uint8_t>(ctx.state[i] >> (56 - 8 * b));
  }
}

// Full HMAC over an arbitrary message, from the precomputed pad states.
void hmacFromPads(const PadState& inner, const PadState& outer, ByteView message,
                  std::uint8_t* out64) {
  mbedtls_sha512_context ctx;
  mbedtls_sha512_init(&ctx);
  mbedtls_sha512_starts_ret(&ctx, 0);
  std::memcpy(ctx.state, inner.state, sizeof inner.state);
  ctx.total[0] = kBlock;
  mbedtls_sha512_update_ret(&ctx, message.data(), message.size());
  mbedtls_sha512_finish_ret(&ctx, out64);
  mbedtls_sha512_starts_ret(&ctx, 0);
  std::memcpy(ctx.state, outer.state, sizeof outer.state);
  ctx.total[0] = kBlock;
  mbedtls_sha512_update_ret(&ctx, out64, 64);
  mbedtls_sha512_finish_ret(&ctx, out64);
  mbedtls_sha512_free(&ctx);
}

}  // namespace

ByteArray<64> pbkdf2HmacSha512(ByteView password, ByteView salt, std::uint32_t iterations) {
  if (iterations == 0) throw CryptoError("pbkdf2 needs at least one iteration");
  ByteArray<64> hashed_key{};
  ScopedWipe wipe_key(hashed_key);
  const std::uint8_t* key = password.data();
  std::size_t key_size = password.size();
  if (key_size > kBlock) {
    hashed_key = sha512(password);
    key = hashed_key.data();
    key_size = hashed_key.size();
  }
  PadState inner = absorbPad(key, key_size, 0x36);
  PadState outer = absorbPad(key, key_size, 0x5c);

  Bytes first(salt.begin(), salt.end());
  first.insert(first.end(), {0, 0, 0, 1});  // INT(1): the first and only block
  ByteArray<64> result{};
  hmacFromPads(inner, outer, first, result.data());

  // A 64-byte message after a 128-byte pad block: 0x80, zeros, bit length 192*8 in the tail.
  std::uint8_t block[kBlock] = {};
  block[64] = 0x80;
  block[kBlock - 2] = (192 * 8) >> 8;
  block[kBlock - 1] = (192 * 8) & 0xff;
  std::memcpy(block, result.data(), 64);
  mbedtls_sha512_context ctx;
  mbedtls_sha512_init(&ctx);
  for (std::uint32_t i = 1; i < iterations; ++i) {
    compressInto(inner, block, ctx, block);
    compressInto(outer, block, ctx, block);
    for (int b = 0; b < 64; ++b) result[b] ^= block[b];
  }
  mbedtls_sha512_free(&ctx);
  wipe(block, sizeof block);
  wipe(&inner, sizeof inner);
  wipe(&outer, sizeof outer);
  return result;
}

}  // namespace walletd

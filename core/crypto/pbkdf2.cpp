// PBKDF2-HMAC-SHA512, single block. Mbed TLS's generic PBKDF2 re-hashes the HMAC pads on every
// iteration (four SHA-512 compressions); here the inner and outer pad states are computed once
// (through Mbed TLS) and each iteration is exactly two compressions of a pre-padded block of
// words, with no byte conversions in between, by the host's compression where it installed one
// (sha512_words.h).
#include "core/crypto/pbkdf2.h"

#include <mbedtls/sha512.h>

#include <algorithm>
#include <cstring>

#include "core/crypto/crypto_error.h"
#include "core/crypto/hashes.h"
#include "core/crypto/secret.h"
#include "core/crypto/sha512_words.h"

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

  // Each iteration hashes a 64-byte message after a 128-byte pad block: one block of words
  // U[0..7], 0x80 then zeros, and the bit length 192*8 in the last word.
  std::uint64_t u[16] = {};
  for (int i = 0; i < 8; ++i) {
    for (int b = 0; b < 8; ++b) u[i] = u[i] << 8 | result[i * 8 + b];
  }
  u[8] = 0x8000000000000000ULL;
  u[15] = 192 * 8;
  std::uint64_t total[8];
  for (int i = 0; i < 8; ++i) total[i] = u[i];
  std::uint64_t state[8];
  const Sha512Compressor compress = sha512Compressor();
  for (std::uint32_t i = 1; i < iterations; ++i) {
    std::copy(inner.state, inner.state + 8, state);
    compress(state, u);
    std::copy(state, state + 8, u);
    std::copy(outer.state, outer.state + 8, state);
    compress(state, u);
    std::copy(state, state + 8, u);
    for (int w = 0; w < 8; ++w) total[w] ^= u[w];
  }
  for (int i = 0; i < 8; ++i) {
    for (int b = 0; b < 8; ++b)
      result[i * 8 + b] = static_cast<std::uint8_t>(total[i] >> (56 - 8 * b));
  }
  wipe(u, sizeof u);
  wipe(total, sizeof total);
  wipe(state, sizeof state);
  wipe(&inner, sizeof inner);
  wipe(&outer, sizeof outer);
  return result;
}

}  // namespace walletd

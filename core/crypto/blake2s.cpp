// BLAKE2s from RFC 7693 §3 with 32-bit words: the parameter block (digest length 32, fanout 1,
// depth 1, personalisation at bytes 24..31) is XORed into the IV. No key and no salt.
#include "core/crypto/blake2s.h"

#include <cstring>

#include "core/crypto/blake2_sigma.h"
#include "core/crypto/crypto_error.h"

namespace walletd {
namespace {

constexpr std::uint32_t kIv[8] = {0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a,
                                  0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19};

inline std::uint32_t rotr(std::uint32_t x, int n) {
  return (x >> n) | (x << (32 - n));
}

inline std::uint32_t load32(const std::uint8_t* p) {
  return static_cast<std::uint32_t>(p[0]) | static_cast<std::uint32_t>(p[1]) << 8 |
         static_cast<std::uint32_t>(p[2]) << 16 | static_cast<std::uint32_t>(p[3]) << 24;
}

void mix(std::uint32_t v[16], int a, int b, int c, int d, std::uint32_t x, std::uint32_t y) {
  v[a] = v[a] + v[b] + x;
  v[d] = rotr(v[d] ^ v[a], 16);
  v[c] = v[c] + v[d];
  v[b] = rotr(v[b] ^ v[c], 12);
  v[a] = v[a] + v[b] + y;
  v[d] = rotr(v[d] ^ v[a], 8);
  v[c] = v[c] + v[d];
  v[b] = rotr(v[b] ^ v[c], 7);
}

void compress(std::uint32_t h[8], const std::uint8_t block[64], std::uint64_t counter, bool last) {
  std::uint32_t m[16];
  std::uint32_t v[16];
  for (int i = 0; i < 16; ++i) m[i] = load32(block + 4 * i);
  for (int i = 0; i < 8; ++i) {
    v[i] = h[i];
    v[i + 8] = kIv[i];
  }
  v[12] ^= static_cast<std::uint32_t>(counter);
  v[13] ^= static_cast<std::uint32_t>(counter >> 32);
  if (last) v[14] = ~v[14];
  for (int round = 0; round < 10; ++round) {
    const auto& s = kBlake2Sigma[round];
    mix(v, 0, 4, 8, 12, m[s[0]], m[s[1]]);
    mix(v, 1, 5, 9, 13, m[s[2]], m[s[3]]);
    mix(v, 2, 6, 10, 14, m[s[4]], m[s[5]]);
    mix(v, 3, 7, 11, 15, m[s[6]], m[s[7]]);
    mix(v, 0, 5, 10, 15, m[s[8]], m[s[9]]);
    mix(v, 1, 6, 11, 12, m[s[10]], m[s[11]]);
    mix(v, 2, 7, 8, 13, m[s[12]], m[s[13]]);
    mix(v, 3, 4, 9, 14, m[s[14]], m[s[15]]);
  }
  for (int i = 0; i < 8; ++i) h[i] ^= v[i] ^ v[i + 8];
}

}  // namespace

ByteArray<32> blake2s256(ByteView data, ByteView personal) {
  if (!personal.empty() && personal.size() != 8)
    throw CryptoError("blake2s personalisation must be 8 bytes");
  std::uint8_t param_block[32] = {};
  param_block[0] = 32;  // digest length
  param_block[2] = 1;   // fanout
  param_block[3] = 1;   // depth
  if (!personal.empty()) std::memcpy(param_block + 24, personal.data(), 8);
  std::uint32_t h[8];
  for (int i = 0; i < 8; ++i) h[i] = kIv[i] ^ load32(param_block + 4 * i);

  std::size_t offset = 0;
  while (data.size() - offset > 64) {
    compress(h, data.data() + offset, offset + 64, false);
    offset += 64;
  }
  std::uint8_t last[64] = {};
  const std::size_t rest = data.size() - offset;
  if (rest > 0) std::memcpy(last, data.data() + offset, rest);
  compress(h, last, data.size(), true);

  ByteArray<32> out;
  for (std::size_t i = 0; i < 32; ++i)
    out[i] = static_cast<std::uint8_t>(h[i / 4] >> (8 * (i % 4)));
  return out;
}

}  // namespace walletd

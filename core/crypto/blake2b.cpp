// BLAKE2b from RFC 7693 §3; the parameter block (digest length, key length, fanout 1, depth 1,
// personalisation at bytes 48..63) is XORed into the IV. Checked against published vectors.
#include "core/crypto/blake2b.h"

#include <cstring>

#include "core/crypto/blake2_sigma.h"
#include "core/crypto/crypto_error.h"
#include "core/crypto/secret.h"

namespace walletd {
namespace {

constexpr std::uint64_t kIv[8] = {
    0x6a09e667f3bcc908ULL, 0xbb67ae8584caa73bULL, 0x3c6ef372fe94f82bULL, 0xa54ff53a5f1d36f1ULL,
    0x510e527fade682d1ULL, 0x9b05688c2b3e6c1fULL, 0x1f83d9abfb41bd6bULL, 0x5be0cd19137e2179ULL};

inline std::uint64_t rotr(std::uint64_t x, int n) {
  return (x >> n) | (x << (64 - n));
}

inline std::uint64_t load64(const std::uint8_t* p) {
  std::uint64_t v = 0;
  for (int i = 0; i < 8; ++i) v |= static_cast<std::uint64_t>(p[i]) << (8 * i);
  return v;
}

struct State {
  std::uint64_t h[8];
  std::uint64_t t[2] = {0, 0};
};

void mix(std::uint64_t v[16], int a, int b, int c, int d, std::uint64_t x, std::uint64_t y) {
  v[a] = v[a] + v[b] + x;
  v[d] = rotr(v[d] ^ v[a], 32);
  v[c] = v[c] + v[d];
  v[b] = rotr(v[b] ^ v[c], 24);
  v[a] = v[a] + v[b] + y;
  v[d] = rotr(v[d] ^ v[a], 16);
  v[c] = v[c] + v[d];
  v[b] = rotr(v[b] ^ v[c], 63);
}

void compress(State& s, const std::uint8_t block[128], bool last) {
  std::uint64_t m[16];
  std::uint64_t v[16];
  for (int i = 0; i < 16; ++i) m[i] = load64(block + 8 * i);
  for (int i = 0; i < 8; ++i) {
    v[i] = s.h[i];
    v[i + 8] = kIv[i];
  }
  v[12] ^= s.t[0];
  v[13] ^= s.t[1];
  if (last) v[14] = ~v[14];
  for (const auto& sigma : kBlake2Sigma) {
    mix(v, 0, 4, 8, 12, m[sigma[0]], m[sigma[1]]);
    mix(v, 1, 5, 9, 13, m[sigma[2]], m[sigma[3]]);
    mix(v, 2, 6, 10, 14, m[sigma[4]], m[sigma[5]]);
    mix(v, 3, 7, 11, 15, m[sigma[6]], m[sigma[7]]);
    mix(v, 0, 5, 10, 15, m[sigma[8]], m[sigma[9]]);
    mix(v, 1, 6, 11, 12, m[sigma[10]], m[sigma[11]]);
    mix(v, 2, 7, 8, 13, m[sigma[12]], m[sigma[13]]);
    mix(v, 3, 4, 9, 14, m[sigma[14]], m[sigma[15]]);
  }
  for (int i = 0; i < 8; ++i) s.h[i] ^= v[i] ^ v[i + 8];
}

void addLength(State& s, std::uint64_t bytes) {
  s.t[0] += bytes;
  if (s.t[0] < bytes) ++s.t[1];
}

}  // namespace

Bytes blake2b(ByteView data, const Blake2bParams& params) {
  if (params.digest_size < 1 || params.digest_size > 64)
    throw CryptoError("blake2b digest size must be 1..64");
  if (params.key.size() > 64) throw CryptoError("blake2b key must be at most 64 bytes");
  if (!params.personal.empty() && params.personal.size() != 16) {
    throw CryptoError("blake2b personalisation must be 16 bytes");
  }
  std::uint8_t param_block[64] = {};
  param_block[0] = static_cast<std::uint8_t>(params.digest_size);
  param_block[1] = static_cast<std::uint8_t>(params.key.size());
  param_block[2] = 1;  // fanout
  param_block[3] = 1;  // depth
  if (!params.personal.empty()) std::memcpy(param_block + 48, params.personal.data(), 16);
  State s;
  for (int i = 0; i < 8; ++i) s.h[i] = kIv[i] ^ load64(param_block + 8 * i);

  // The key, when present, is the first block of input (padded to 128 bytes).
  Bytes input;
  if (!params.key.empty()) {
    input.assign(params.key.begin(), params.key.end());
    input.resize(128, 0);
  }
  input.insert(input.end(), data.begin(), data.end());

  std::size_t offset = 0;
  while (input.size() - offset > 128) {
    addLength(s, 128);
    compress(s, input.data() + offset, false);
    offset += 128;
  }
  std::uint8_t last[128] = {};
  const std::size_t rest = input.size() - offset;
  if (rest > 0) std::memcpy(last, input.data() + offset, rest);
  addLength(s, rest);
  compress(s, last, true);
  if (!params.key.empty()) wipe(input);

  Bytes out(params.digest_size);
  for (std::size_t i = 0; i < out.size(); ++i)
    out[i] = static_cast<std::uint8_t>(s.h[i / 8] >> (8 * (i % 8)));
  return out;
}

}  // namespace walletd

// SHA-512 compression: the 80-word schedule first, then eight rounds per step with the working
// variables renamed rather than moved.
#include "core/crypto/sha512_words.h"

#include <algorithm>
#include <atomic>

namespace walletd {
namespace {

constexpr std::uint64_t kK[80] = {
    0x428a2f98d728ae22ULL, 0x7137449123ef65cdULL, 0xb5c0fbcfec4d3b2fULL, 0xe9b5dba58189dbbcULL,
    0x3956c25bf348b538ULL, 0x59f111f1b605d019ULL, 0x923f82a4af194f9bULL, 0xab1c5ed5da6d8118ULL,
    0xd807aa98a3030242ULL, 0x12835b0145706fbeULL, 0x243185be4ee4b28cULL, 0x550c7dc3d5ffb4e2ULL,
    0x72be5d74f27b896fULL, 0x80deb1fe3b1696b1ULL, 0x9bdc06a725c71235ULL, 0xc19bf174cf692694ULL,
    0xe49b69c19ef14ad2ULL, 0xefbe4786384f25e3ULL, 0x0fc19dc68b8cd5b5ULL, 0x240ca1cc77ac9c65ULL,
    0x2de92c6f592b0275ULL, 0x4a7484aa6ea6e483ULL, 0x5cb0a9dcbd41fbd4ULL, 0x76f988da831153b5ULL,
    0x983e5152ee66dfabULL, 0xa831c66d2db43210ULL, 0xb00327c898fb213fULL, 0xbf597fc7beef0ee4ULL,
    0xc6e00bf33da88fc2ULL, 0xd5a79147930aa725ULL, 0x06ca6351e003826fULL, 0x142929670a0e6e70ULL,
    0x27b70a8546d22ffcULL, 0x2e1b21385c26c926ULL, 0x4d2c6dfc5ac42aedULL, 0x53380d139d95b3dfULL,
    0x650a73548baf63deULL, 0x766a0abb3c77b2a8ULL, 0x81c2c92e47edaee6ULL, 0x92722c851482353bULL,
    0xa2bfe8a14cf10364ULL, 0xa81a664bbc423001ULL, 0xc24b8b70d0f89791ULL, 0xc76c51a30654be30ULL,
    0xd192e819d6ef5218ULL, 0xd69906245565a910ULL, 0xf40e35855771202aULL, 0x106aa07032bbd1b8ULL,
    0x19a4c116b8d2d0c8ULL, 0x1e376c085141ab53ULL, 0x2748774cdf8eeb99ULL, 0x34b0bcb5e19b48a8ULL,
    0x391c0cb3c5c95a63ULL, 0x4ed8aa4ae3418acbULL, 0x5b9cca4f7763e373ULL, 0x682e6ff3d6b2b8a3ULL,
    0x748f82ee5defb2fcULL, 0x78a5636f43172f60ULL, 0x84c87814a1f0ab72ULL, 0x8cc702081a6439ecULL,
    0x90befffa23631e28ULL, 0xa4506cebde82bde9ULL, 0xbef9a3f7b2c67915ULL, 0xc67178f2e372532bULL,
    0xca273eceea26619cULL, 0xd186b8c721c0c207ULL, 0xeada7dd6cde0eb1eULL, 0xf57d4f7fee6ed178ULL,
    0x06f067aa72176fbaULL, 0x0a637dc5a2c898a6ULL, 0x113f9804bef90daeULL, 0x1b710b35131c471bULL,
    0x28db77f523047d84ULL, 0x32caab7b40c72493ULL, 0x3c9ebe0a15c9bebcULL, 0x431d67c49c100d4cULL,
    0x4cc5d4becb3e42b6ULL, 0x597f299cfc657e2aULL, 0x5fcb6fab3ad6faecULL, 0x6c44198c4a475817ULL};

inline std::uint64_t rotr(std::uint64_t x, int n) {
  return (x >> n) | (x << (64 - n));
}

}  // namespace

inline std::uint64_t bigSigma0(std::uint64_t a) {
  return rotr(a, 28) ^ rotr(a, 34) ^ rotr(a, 39);
}
inline std::uint64_t bigSigma1(std::uint64_t e) {
  return rotr(e, 14) ^ rotr(e, 18) ^ rotr(e, 41);
}

// One round with the working variables renamed instead of shifted: d and h are updated in place.
inline void round(std::uint64_t a, std::uint64_t b, std::uint64_t c, std::uint64_t& d,
                  std::uint64_t e, std::uint64_t f, std::uint64_t g, std::uint64_t& h,
                  std::uint64_t k_plus_w) {
  const std::uint64_t t1 = h + bigSigma1(e) + ((e & f) ^ (~e & g)) + k_plus_w;
  d += t1;
  h = t1 + bigSigma0(a) + ((a & b) ^ (a & c) ^ (b & c));
}

void sha512CompressWords(std::uint64_t state[8], const std::uint64_t block[16]) {
  std::uint64_t w[80];
  for (int i = 0; i < 16; ++i) w[i] = block[i];
  for (int t = 16; t < 80; ++t) {
    const std::uint64_t s0 = rotr(w[t - 15], 1) ^ rotr(w[t - 15], 8) ^ (w[t - 15] >> 7);
    const std::uint64_t s1 = rotr(w[t - 2], 19) ^ rotr(w[t - 2], 61) ^ (w[t - 2] >> 6);
    w[t] = w[t - 16] + s0 + w[t - 7] + s1;
  }
  std::uint64_t a = state[0], b = state[1], c = state[2], d = state[3];
  std::uint64_t e = state[4], f = state[5], g = state[6], h = state[7];
  for (int t = 0; t < 80; t += 8) {
    round(a, b, c, d, e, f, g, h, kK[t] + w[t]);
    round(h, a, b, c, d, e, f, g, kK[t + 1] + w[t + 1]);
    round(g, h, a, b, c, d, e, f, kK[t + 2] + w[t + 2]);
    round(f, g, h, a, b, c, d, e, kK[t + 3] + w[t + 3]);
    round(e, f, g, h, a, b, c, d, kK[t + 4] + w[t + 4]);
    round(d, e, f, g, h, a, b, c, kK[t + 5] + w[t + 5]);
    round(c, d, e, f, g, h, a, b, kK[t + 6] + w[t + 6]);
    round(b, c, d, e, f, g, h, a, kK[t + 7] + w[t + 7]);
  }
  state[0] += a;
  state[1] += b;
  state[2] += c;
  state[3] += d;
  state[4] += e;
  state[5] += f;
  state[6] += g;
  state[7] += h;
}

namespace {

std::atomic<Sha512Compressor> installed{&sha512CompressWords};

// Whether `candidate` compresses like sha512CompressWords: chained over blocks whose words
// cover every byte value and both halves of each word.
bool sameResults(Sha512Compressor candidate) {
  std::uint64_t expected[8] = {0x6a09e667f3bcc908ULL, 0, ~0ULL, 1, 0x8000000000000000ULL, 3, 5, 7};
  std::uint64_t got[8];
  std::copy(expected, expected + 8, got);
  std::uint64_t block[16];
  for (std::uint64_t round = 0; round < 4; ++round) {
    for (std::uint64_t i = 0; i < 16; ++i)
      block[i] = (0x0123456789abcdefULL * (i + 1)) ^ (round << 56) ^ expected[i % 8];
    sha512CompressWords(expected, block);
    candidate(got, block);
  }
  return std::equal(expected, expected + 8, got);
}

}  // namespace

Sha512Compressor sha512Compressor() {
  return installed.load(std::memory_order_relaxed);
}

bool installSha512Compressor(Sha512Compressor compressor) {
  if (compressor == nullptr || !sameResults(compressor)) return false;
  installed.store(compressor, std::memory_order_relaxed);
  return true;
}

}  // namespace walletd

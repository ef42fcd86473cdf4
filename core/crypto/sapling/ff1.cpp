// FF1 with radix 2 and n = 88: u = v = 44, so both halves and every round value fit in 64-bit
// integers; b = 6 bytes per half, d = 12 bytes of PRF output per round, 10 rounds. The PRF is
// AES-256 CBC-MAC over P ‖ Q (32 bytes: two blocks).
#include "core/crypto/sapling/ff1.h"

#include <mbedtls/aes.h>

#include "core/crypto/crypto_error.h"
#include "core/crypto/secret.h"

namespace walletd::sapling {
namespace {

constexpr int kHalf = 44;  // u = v
constexpr std::uint64_t kHalfMask = (1ULL << kHalf) - 1;

// NUM_2 of numerals [first, first + 44): the first numeral is the most significant bit.
std::uint64_t halfValue(const ByteArray<11>& bytes, int first) {
  std::uint64_t value = 0;
  for (int k = first; k < first + kHalf; ++k)
    value = (value << 1) | ((bytes[k / 8] >> (k % 8)) & 1);
  return value;
}

void storeHalf(ByteArray<11>& bytes, int first, std::uint64_t value) {
  for (int k = first + kHalf - 1; k >= first; --k) {
    if (value & 1) bytes[k / 8] |= static_cast<std::uint8_t>(1u << (k % 8));
    value >>= 1;
  }
}

class Aes256 {
 public:
  explicit Aes256(const ByteArray<32>& key) {
    mbedtls_aes_init(&ctx_);
    if (mbedtls_aes_setkey_enc(&ctx_, key.data(), 256) != 0) throw CryptoError("AES key setup");
  }
  ~Aes256() { mbedtls_aes_free(&ctx_); }
  Aes256(const Aes256&) = delete;
  Aes256& operator=(const Aes256&) = delete;
  ByteArray<16> encrypt(const ByteArray<16>& block) {
    ByteArray<16> out;
    mbedtls_aes_crypt_ecb(&ctx_, MBEDTLS_AES_ENCRYPT, block.data(), out.data());
    return out;
  }

 private:
  mbedtls_aes_context ctx_;
};

// P = [1]¹ [2]¹ [1]¹ [radix]³ [10]¹ [u mod 256]¹ [n]⁴ [t]⁴.
ByteArray<16> ff1P() {
  return {1, 2, 1, 0, 0, 2, 10, kHalf, 0, 0, 0, 88, 0, 0, 0, 0};
}

}  // namespace

ByteArray<11> ff1Aes256Encrypt88(const ByteArray<32>& key, const ByteArray<11>& plain) {
  Aes256 aes(key);
  const ByteArray<16> mac_p = aes.encrypt(ff1P());
  std::uint64_t a = halfValue(plain, 0);
  std::uint64_t b = halfValue(plain, kHalf);
  for (int round = 0; round < 10; ++round) {
    // Q = tweak (empty) ‖ 0^9 ‖ [round] ‖ NUM(B) in b = 6 bytes, big-endian.
    ByteArray<16> q{};
    q[9] = static_cast<std::uint8_t>(round);
    for (int i = 0; i < 6; ++i) q[10 + i] = static_cast<std::uint8_t>(b >> (8 * (5 - i)));
    for (int i = 0; i < 16; ++i) q[i] ^= mac_p[i];
    ByteArray<16> r = aes.encrypt(q);
    // y = NUM(S), S = the first 12 bytes of R; only y mod 2^44 matters (c = (A + y) mod 2^44).
    std::uint64_t y = 0;
    for (int i = 4; i < 12; ++i) y = (y << 8) | r[i];
    const std::uint64_t c = (a + y) & kHalfMask;
    a = b;
    b = c;
    wipe(r);
  }
  ByteArray<11> out{};
  storeHalf(out, 0, a);
  storeHalf(out, kHalf, b);
  return out;
}

}  // namespace walletd::sapling

// Arithmetic modulo a prime p < 2^255 in Montgomery form with four 64-bit limbs (R = 2^256), for
// Sapling's two fields: Jubjub's base field (BLS12-381's scalar field) and Jubjub's scalar field.
// `Params` gives the modulus as four little-endian limbs; R mod p, R² mod p and -p⁻¹ mod 2^64 are
// computed at compile time from it. Products are schoolbook then Montgomery reduction; nothing
// branches on an element's value except the canonical-encoding checks of fromBytes.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <type_traits>
#if defined(__x86_64__)
#include <cpuid.h>
#include <x86intrin.h>
#endif

#include "core/crypto/bytes.h"

namespace walletd::sapling {

using Limbs = std::array<std::uint64_t, 4>;
__extension__ typedef unsigned __int128 u128;

namespace mont {

// a - b over four limbs; returns the borrow (1 when a < b). On x86-64 at run time through the
// carry-flag intrinsics: GCC turns the 128-bit form into four times the instructions.
constexpr std::uint64_t subLimbs(Limbs& out, const Limbs& a, const Limbs& b) {
#if defined(__x86_64__)
  if (!std::is_constant_evaluated()) {
    unsigned char flag = 0;
#pragma GCC unroll 4
    for (int i = 0; i < 4; ++i) {
      unsigned long long d = 0;
      flag = _subborrow_u64(flag, a[i], b[i], &d);
      out[i] = d;
    }
    return flag;
  }
#endif
  std::uint64_t borrow = 0;
#pragma GCC unroll 4
  for (int i = 0; i < 4; ++i) {
    const std::uint64_t d = a[i] - b[i];
    const std::uint64_t next = static_cast<std::uint64_t>(a[i] < b[i]) | (d < borrow);
    out[i] = d - borrow;
    borrow = next;
  }
  return borrow;
}

constexpr std::uint64_t addLimbs(Limbs& out, const Limbs& a, const Limbs& b) {
#if defined(__x86_64__)
  if (!std::is_constant_evaluated()) {
    unsigned char flag = 0;
#pragma GCC unroll 4
    for (int i = 0; i < 4; ++i) {
      unsigned long long s = 0;
      flag = _addcarry_u64(flag, a[i], b[i], &s);
      out[i] = s;
    }
    return flag;
  }
#endif
  std::uint64_t carry = 0;
#pragma GCC unroll 4
  for (int i = 0; i < 4; ++i) {
    const std::uint64_t s = a[i] + carry;
    const std::uint64_t r = s + b[i];
    carry = static_cast<std::uint64_t>(s < carry) | (r < b[i]);
    out[i] = r;
  }
  return carry;
}

// out = a if mask is all ones, b if zero.
constexpr Limbs select(const Limbs& a, const Limbs& b, std::uint64_t mask) {
  Limbs out{};
#pragma GCC unroll 4
  for (int i = 0; i < 4; ++i) out[i] = (a[i] & mask) | (b[i] & ~mask);
  return out;
}

// (a + b) mod p for a, b < p (p < 2^255, so no carry out of 256 bits).
constexpr Limbs addMod(const Limbs& a, const Limbs& b, const Limbs& p) {
  Limbs sum{};
  addLimbs(sum, a, b);
  Limbs reduced{};
  const std::uint64_t borrow = subLimbs(reduced, sum, p);
  return select(sum, reduced, 0 - borrow);
}

constexpr Limbs subMod(const Limbs& a, const Limbs& b, const Limbs& p) {
  Limbs diff{};
  const std::uint64_t borrow = subLimbs(diff, a, b);
  Limbs wrapped{};
  addLimbs(wrapped, diff, p);
  return select(wrapped, diff, 0 - borrow);
}

constexpr std::uint64_t mac(std::uint64_t a, std::uint64_t b, std::uint64_t c,
                            std::uint64_t& carry) {
  const u128 t = static_cast<u128>(b) * c + a + carry;
  carry = static_cast<std::uint64_t>(t >> 64);
  return static_cast<std::uint64_t>(t);
}
constexpr std::uint64_t adc(std::uint64_t a, std::uint64_t b, std::uint64_t& carry) {
  const u128 t = static_cast<u128>(a) + b + carry;
  carry = static_cast<std::uint64_t>(t >> 64);
  return static_cast<std::uint64_t>(t);
}

// t·2^-256 mod p for the 512-bit t = r[0..7] < p·2^256: four word-by-word Montgomery steps, then
// one conditional subtraction. Written out (no loops): this is the hot path of every Sapling
// operation.
constexpr Limbs reduce(std::uint64_t r[8], const Limbs& p, std::uint64_t inv) {
  std::uint64_t carry2 = 0;
#pragma GCC unroll 4
  for (int i = 0; i < 4; ++i) {
    const std::uint64_t k = r[i] * inv;
    std::uint64_t carry = 0;
    mac(r[i], k, p[0], carry);
    r[i + 1] = mac(r[i + 1], k, p[1], carry);
    r[i + 2] = mac(r[i + 2], k, p[2], carry);
    r[i + 3] = mac(r[i + 3], k, p[3], carry);
    r[i + 4] = adc(r[i + 4], carry2, carry);
    carry2 = carry;
  }
  const Limbs out{r[4], r[5], r[6], r[7]};
  Limbs reduced{};
  const std::uint64_t borrow = subLimbs(reduced, out, p);
  return select(out, reduced, 0 - borrow);
}

// a·b·2^-256 mod p, word by word with the reduction interleaved (CIOS). p's top word is below
// 2^63 - 1, so the running total never needs a fifth word (the "no-carry" form of gnark-crypto's
// field code). Needs a·b < p·2^256, so one operand must be below p.
constexpr Limbs mulPortable(const Limbs& a, const Limbs& b, const Limbs& p, std::uint64_t inv) {
  std::uint64_t t[4] = {};
#pragma GCC unroll 4
  for (int i = 0; i < 4; ++i) {
    std::uint64_t high = 0;  // the carry of a·b[i]
    std::uint64_t low = 0;   // the carry of m·p
    t[0] = mac(t[0], a[0], b[i], high);
    const std::uint64_t m = t[0] * inv;
    mac(t[0], m, p[0], low);
#pragma GCC unroll 3
    for (int j = 1; j < 4; ++j) {
      t[j] = mac(t[j], a[j], b[i], high);
      t[j - 1] = mac(t[j], m, p[j], low);
    }
    t[3] = low + high;
  }
  const Limbs out{t[0], t[1], t[2], t[3]};
  Limbs reduced{};
  const std::uint64_t borrow = subLimbs(reduced, out, p);
  return select(out, reduced, 0 - borrow);
}

// a²·2^-256 mod p: the six cross products once, doubled, plus the four squares.
constexpr Limbs squarePortable(const Limbs& a, const Limbs& p, std::uint64_t inv) {
  std::uint64_t r[8] = {};
  std::uint64_t carry = 0;
  r[1] = mac(0, a[0], a[1], carry);
  r[2] = mac(0, a[0], a[2], carry);
  r[3] = mac(0, a[0], a[3], carry);
  r[4] = carry;
  carry = 0;
  r[3] = mac(r[3], a[1], a[2], carry);
  r[4] = mac(r[4], a[1], a[3], carry);
  r[5] = carry;
  carry = 0;
  r[5] = mac(r[5], a[2], a[3], carry);
  r[6] = carry;
  r[7] = r[6] >> 63;
  for (int i = 6; i >= 2; --i) r[i] = (r[i] << 1) | (r[i - 1] >> 63);
  r[1] <<= 1;
  carry = 0;
  r[0] = mac(0, a[0], a[0], carry);
  r[1] = adc(r[1], 0, carry);
  r[2] = mac(r[2], a[1], a[1], carry);
  r[3] = adc(r[3], 0, carry);
  r[4] = mac(r[4], a[2], a[2], carry);
  r[5] = adc(r[5], 0, carry);
  r[6] = mac(r[6], a[3], a[3], carry);
  r[7] = adc(r[7], 0, carry);
  return reduce(r, p, inv);
}

#if defined(__x86_64__)
// Whether the processor has MULX (BMI2) and ADCX/ADOX (ADX): CPUID leaf 7, EBX bits 8 and 19.
inline bool detectMulxAdx() {
  unsigned eax = 0, ebx = 0, ecx = 0, edx = 0;
  if (__get_cpuid_count(7, 0, &eax, &ebx, &ecx, &edx) == 0) return false;
  return (ebx & (1U << 8)) != 0 && (ebx & (1U << 19)) != 0;
}
inline const bool kHasMulxAdx = detectMulxAdx();

// clang-format off
// t[R0..R4] += SRC[0..3]·rdx: the low halves along the CF chain, the high ones along OF.
#define WALLETD_MULX_ADD4(SRC, R0, R1, R2, R3, R4)                  \
  "mulxq 0(%[" #SRC "]), %[lo], %[hi]\n\t"                          \
  "adcxq %[lo], %[" #R0 "]\n\tadoxq %[hi], %[" #R1 "]\n\t"          \
  "mulxq 8(%[" #SRC "]), %[lo], %[hi]\n\t"                          \
  "adcxq %[lo], %[" #R1 "]\n\tadoxq %[hi], %[" #R2 "]\n\t"          \
  "mulxq 16(%[" #SRC "]), %[lo], %[hi]\n\t"                         \
  "adcxq %[lo], %[" #R2 "]\n\tadoxq %[hi], %[" #R3 "]\n\t"          \
  "mulxq 24(%[" #SRC "]), %[lo], %[hi]\n\t"                         \
  "adcxq %[lo], %[" #R3 "]\n\tadoxq %[hi], %[" #R4 "]\n\t"          \
  "adcxq %[zero], %[" #R4 "]\n\t"
// One row: t += a·b[OFFSET/8]; m = t0·inv; t += m·p, which makes t0 zero.
#define WALLETD_MONT_ROW(OFFSET, R0, R1, R2, R3, R4)                \
  "movq " #OFFSET "(%[b]), %%rdx\n\txorl %k[zero], %k[zero]\n\t"  \
  WALLETD_MULX_ADD4(a, R0, R1, R2, R3, R4)                          \
  "movq %[" #R0 "], %%rdx\n\timulq %[inv], %%rdx\n\t"             \
  "xorl %k[zero], %k[zero]\n\t"                                    \
  WALLETD_MULX_ADD4(p, R0, R1, R2, R3, R4)
// clang-format on

// mulPortable's product in MULX/ADCX/ADOX code (two carry chains, no fixed registers): about
// 120 instructions where GCC makes about 360 of the C. Each row adds a·b[i], then m·p, into five
// words; the lowest becomes zero and serves as the next row's top word, so the rows rotate the
// registers instead of shifting them. Only called when kHasMulxAdx.
inline Limbs mulMulxAdx(const Limbs& a, const Limbs& b, const Limbs& p, const std::uint64_t& inv) {
  std::uint64_t t0 = 0, t1 = 0, t2 = 0, t3 = 0, t4 = 0, lo = 0, hi = 0, zero = 0;
  asm(WALLETD_MONT_ROW(0, t0, t1, t2, t3, t4) WALLETD_MONT_ROW(8, t1, t2, t3, t4, t0)
          WALLETD_MONT_ROW(16, t2, t3, t4, t0, t1) WALLETD_MONT_ROW(24, t3, t4, t0, t1, t2)
      : [t0] "+&r"(t0), [t1] "+&r"(t1), [t2] "+&r"(t2), [t3] "+&r"(t3), [t4] "+&r"(t4),
        [lo] "=&r"(lo), [hi] "=&r"(hi), [zero] "=&r"(zero)
      : [a] "r"(a.data()), [b] "r"(b.data()), [p] "r"(p.data()), [inv] "m"(inv)
      : "rdx", "cc", "memory");
  const Limbs out{t4, t0, t1, t2};
  Limbs reduced{};
  const std::uint64_t borrow = subLimbs(reduced, out, p);
  return select(out, reduced, 0 - borrow);
}
#undef WALLETD_MONT_ROW
#undef WALLETD_MULX_ADD4
#endif

// The product and the square: the MULX/ADX code where the processor has it, else the C.
constexpr Limbs mul(const Limbs& a, const Limbs& b, const Limbs& p, std::uint64_t inv) {
#if defined(__x86_64__)
  if (!std::is_constant_evaluated() && kHasMulxAdx) return mulMulxAdx(a, b, p, inv);
#endif
  return mulPortable(a, b, p, inv);
}
constexpr Limbs square(const Limbs& a, const Limbs& p, std::uint64_t inv) {
#if defined(__x86_64__)
  if (!std::is_constant_evaluated() && kHasMulxAdx) return mulMulxAdx(a, a, p, inv);
#endif
  return squarePortable(a, p, inv);
}

#if defined(__clang__)
#define WALLETD_UNROLL_FULL _Pragma("clang loop unroll(full)")
#else
#define WALLETD_UNROLL_FULL _Pragma("GCC unroll 8")
#endif
// The same product with 32-bit words, for WebAssembly: it has a 64-bit multiply but no
// 64×64→128 one, so the 128-bit products above become library calls there, about four times
// slower than these 32×32→64 multiplies. No-carry CIOS as mulPortable (p's top 32-bit word is
// below 2^31 - 1), unrolled in full so that every word stays in a local.
constexpr Limbs mul32(const Limbs& a, const Limbs& b, const Limbs& p, std::uint64_t inv) {
  std::uint32_t x[8] = {}, y[8] = {}, m[8] = {}, t[8] = {};
  WALLETD_UNROLL_FULL
  for (int i = 0; i < 4; ++i) {
    x[2 * i] = static_cast<std::uint32_t>(a[i]);
    x[2 * i + 1] = static_cast<std::uint32_t>(a[i] >> 32);
    y[2 * i] = static_cast<std::uint32_t>(b[i]);
    y[2 * i + 1] = static_cast<std::uint32_t>(b[i] >> 32);
    m[2 * i] = static_cast<std::uint32_t>(p[i]);
    m[2 * i + 1] = static_cast<std::uint32_t>(p[i] >> 32);
  }
  const auto inv32 = static_cast<std::uint32_t>(inv);  // -p⁻¹ mod 2^32
  WALLETD_UNROLL_FULL
  for (int i = 0; i < 8; ++i) {
    std::uint64_t high = static_cast<std::uint64_t>(x[0]) * y[i] + t[0];
    t[0] = static_cast<std::uint32_t>(high);
    high >>= 32;
    const std::uint32_t k = t[0] * inv32;
    std::uint64_t low = (static_cast<std::uint64_t>(k) * m[0] + t[0]) >> 32;
    WALLETD_UNROLL_FULL
    for (int j = 1; j < 8; ++j) {
      high += static_cast<std::uint64_t>(x[j]) * y[i] + t[j];
      t[j] = static_cast<std::uint32_t>(high);
      high >>= 32;
      low += static_cast<std::uint64_t>(k) * m[j] + t[j];
      t[j - 1] = static_cast<std::uint32_t>(low);
      low >>= 32;
    }
    t[7] = static_cast<std::uint32_t>(low + high);
  }
  Limbs out{};
  WALLETD_UNROLL_FULL
  for (int i = 0; i < 4; ++i)
    out[i] = static_cast<std::uint64_t>(t[2 * i]) | static_cast<std::uint64_t>(t[2 * i + 1]) << 32;
  Limbs reduced{};
  const std::uint64_t borrow = subLimbs(reduced, out, p);
  return select(out, reduced, 0 - borrow);
}

// a²·2^-256 mod p with 32-bit words, for WebAssembly: the 28 cross products once, doubled, plus
// the 8 squares, then 8 Montgomery reduction rounds — 100 multiplies where mul32 needs 128.
constexpr Limbs square32(const Limbs& a, const Limbs& p, std::uint64_t inv) {
  std::uint32_t x[8] = {}, m[8] = {}, t[16] = {};
  WALLETD_UNROLL_FULL
  for (int i = 0; i < 4; ++i) {
    x[2 * i] = static_cast<std::uint32_t>(a[i]);
    x[2 * i + 1] = static_cast<std::uint32_t>(a[i] >> 32);
    m[2 * i] = static_cast<std::uint32_t>(p[i]);
    m[2 * i + 1] = static_cast<std::uint32_t>(p[i] >> 32);
  }
  WALLETD_UNROLL_FULL
  for (int i = 0; i < 7; ++i) {
    std::uint64_t carry = 0;
    WALLETD_UNROLL_FULL
    for (int j = i + 1; j < 8; ++j) {
      carry += static_cast<std::uint64_t>(x[i]) * x[j] + t[i + j];
      t[i + j] = static_cast<std::uint32_t>(carry);
      carry >>= 32;
    }
    t[i + 8] = static_cast<std::uint32_t>(carry);
  }
  WALLETD_UNROLL_FULL
  for (int k = 15; k > 0; --k) t[k] = (t[k] << 1) | (t[k - 1] >> 31);
  t[0] <<= 1;
  std::uint64_t carry = 0;
  WALLETD_UNROLL_FULL
  for (int i = 0; i < 8; ++i) {
    carry += static_cast<std::uint64_t>(x[i]) * x[i] + t[2 * i];
    t[2 * i] = static_cast<std::uint32_t>(carry);
    carry = (carry >> 32) + t[2 * i + 1];
    t[2 * i + 1] = static_cast<std::uint32_t>(carry);
    carry >>= 32;
  }
  const auto inv32 = static_cast<std::uint32_t>(inv);
  std::uint64_t overflow = 0;  // what the last round carried past its top word
  WALLETD_UNROLL_FULL
  for (int i = 0; i < 8; ++i) {
    const std::uint32_t k = t[i] * inv32;
    std::uint64_t c = 0;
    WALLETD_UNROLL_FULL
    for (int j = 0; j < 8; ++j) {
      c += static_cast<std::uint64_t>(k) * m[j] + t[i + j];
      t[i + j] = static_cast<std::uint32_t>(c);
      c >>= 32;
    }
    overflow += c + t[i + 8];
    t[i + 8] = static_cast<std::uint32_t>(overflow);
    overflow >>= 32;
  }
  Limbs out{};
  WALLETD_UNROLL_FULL
  for (int i = 0; i < 4; ++i)
    out[i] = static_cast<std::uint64_t>(t[8 + 2 * i]) | static_cast<std::uint64_t>(t[9 + 2 * i])
                                                            << 32;
  Limbs reduced{};
  const std::uint64_t borrow = subLimbs(reduced, out, p);
  return select(out, reduced, 0 - borrow);
}
#undef WALLETD_UNROLL_FULL

// -p⁻¹ mod 2^64 by Newton's iteration (p odd).
constexpr std::uint64_t negInverse(std::uint64_t p0) {
  std::uint64_t x = 1;
  for (int i = 0; i < 6; ++i) x *= 2 - p0 * x;
  return 0 - x;
}

// 2^k mod p for k ≥ 256, by doubling R mod p.
constexpr Limbs powerOfTwo(const Limbs& p, int k) {
  Limbs x{1, 0, 0, 0};
  for (int i = 0; i < k; ++i) x = addMod(x, x, p);
  return x;
}

}  // namespace mont

template <typename Params>
class Mont256 {
 public:
  static constexpr Limbs kP = Params::kModulus;
  static constexpr std::uint64_t kInv = mont::negInverse(kP[0]);
  static constexpr Limbs kR = mont::powerOfTwo(kP, 256);
  static constexpr Limbs kR2 = mont::powerOfTwo(kP, 512);
  static constexpr Limbs kR3 = mont::powerOfTwo(kP, 768);

  constexpr Mont256() = default;

  static constexpr Mont256 zero() { return Mont256(); }
  static constexpr Mont256 one() { return fromMont(kR); }
  // A small integer (constants such as 8 or a Pedersen chunk value).
  static constexpr Mont256 fromU64(std::uint64_t v) { return fromInteger(Limbs{v, 0, 0, 0}); }
  // An integer below p given as little-endian limbs.
  static constexpr Mont256 fromInteger(const Limbs& v) {
    return fromMont(mont::mul(v, kR2, kP, kInv));
  }
  // The canonical 32-byte little-endian encoding; nullopt for a value ≥ p.
  static std::optional<Mont256> fromBytes(const ByteArray<32>& bytes) {
    const Limbs v = loadLimbs(bytes.data());
    Limbs tmp{};
    if (mont::subLimbs(tmp, v, kP) == 0) return std::nullopt;
    return fromInteger(v);
  }
  // Any 32 bytes as an integer reduced mod p.
  static Mont256 fromBytesReduced(const ByteArray<32>& bytes) {
    return fromMont(mont::mul(loadLimbs(bytes.data()), kR2, kP, kInv));
  }
  // 64 bytes as a 512-bit little-endian integer reduced mod p (Sapling's ToScalar).
  static Mont256 fromWide(ByteView bytes64) {
    const Limbs lo = loadLimbs(bytes64.data());
    const Limbs hi = loadLimbs(bytes64.data() + 32);
    return fromMont(mont::mul(lo, kR2, kP, kInv)) + fromMont(mont::mul(hi, kR3, kP, kInv));
  }

  ByteArray<32> toBytes() const {
    const Limbs v = mont::mul(m_, Limbs{1, 0, 0, 0}, kP, kInv);
    ByteArray<32> out{};
    for (int i = 0; i < 32; ++i) out[i] = static_cast<std::uint8_t>(v[i / 8] >> (8 * (i % 8)));
    return out;
  }
  Limbs integer() const { return mont::mul(m_, Limbs{1, 0, 0, 0}, kP, kInv); }

  friend constexpr Mont256 operator+(const Mont256& a, const Mont256& b) {
    return fromMont(mont::addMod(a.m_, b.m_, kP));
  }
  friend constexpr Mont256 operator-(const Mont256& a, const Mont256& b) {
    return fromMont(mont::subMod(a.m_, b.m_, kP));
  }
  friend constexpr Mont256 operator*(const Mont256& a, const Mont256& b) {
#if defined(__wasm__)
    return fromMont(mont::mul32(a.m_, b.m_, kP, kInv));
#else
    return fromMont(mont::mul(a.m_, b.m_, kP, kInv));
#endif
  }
  constexpr Mont256 operator-() const {
    return zero() - *this;
  }
  constexpr Mont256 square() const {
#if defined(__wasm__)
    return fromMont(mont::square32(m_, kP, kInv));
#else
    return fromMont(mont::square(m_, kP, kInv));
#endif
  }
  constexpr Mont256 dbl() const {
    return *this + *this;
  }

  bool isZero() const {
    return (m_[0] | m_[1] | m_[2] | m_[3]) == 0;
  }
  friend bool operator==(const Mont256& a, const Mont256& b) {
    return a.m_ == b.m_;
  }
  // The low bit of the canonical integer (the "sign" in Jubjub's point encoding).
  bool isOdd() const {
    return (integer()[0] & 1) != 0;
  }

  // this^e for an exponent given as little-endian limbs (public: square-and-multiply).
  Mont256 pow(const Limbs& e) const {
    Mont256 result = one();
    for (int i = 255; i >= 0; --i) {
      result = result.square();
      if ((e[i / 64] >> (i % 64)) & 1) result = result * *this;
    }
    return result;
  }
  // 1/this by Fermat (0 for 0).
  Mont256 invert() const {
    Limbs e{};
    mont::subLimbs(e, kP, Limbs{2, 0, 0, 0});
    return pow(e);
  }

  static Mont256 select(const Mont256& a, const Mont256& b, std::uint64_t mask) {
    return fromMont(mont::select(a.m_, b.m_, mask));
  }

 private:
  static constexpr Mont256 fromMont(const Limbs& m) {
    Mont256 out;
    out.m_ = m;
    return out;
  }
  static Limbs loadLimbs(const std::uint8_t* p) {
    Limbs v{};
    for (int i = 0; i < 32; ++i) v[i / 8] |= static_cast<std::uint64_t>(p[i]) << (8 * (i % 8));
    return v;
  }

  Limbs m_{0, 0, 0, 0};
};

}  // namespace walletd::sapling

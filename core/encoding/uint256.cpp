// UInt256 arithmetic on four 64-bit limbs (unsigned __int128 for the carries).
#include "core/encoding/uint256.h"

#include <algorithm>

#include "core/encoding/hex.h"

namespace walletd {

__extension__ typedef unsigned __int128 u128;

std::optional<UInt256> UInt256::add(const UInt256& other) const {
  UInt256 out;
  u128 carry = 0;
  for (int i = 0; i < 4; ++i) {
    const u128 sum = static_cast<u128>(limbs_[i]) + other.limbs_[i] + carry;
    out.limbs_[i] = static_cast<std::uint64_t>(sum);
    carry = sum >> 64;
  }
  if (carry) return std::nullopt;
  return out;
}

std::optional<UInt256> UInt256::sub(const UInt256& other) const {
  if (*this < other) return std::nullopt;
  UInt256 out;
  std::uint64_t borrow = 0;
  for (int i = 0; i < 4; ++i) {
    const u128 lhs = limbs_[i];
    const u128 rhs = static_cast<u128>(other.limbs_[i]) + borrow;
    out.limbs_[i] = static_cast<std::uint64_t>(lhs - rhs);
    borrow = lhs < rhs ? 1 : 0;
  }
  return out;
}

std::optional<UInt256> UInt256::mulSmall(std::uint64_t factor) const {
  UInt256 out;
  u128 carry = 0;
  for (int i = 0; i < 4; ++i) {
    const u128 product = static_cast<u128>(limbs_[i]) * factor + carry;
    out.limbs_[i] = static_cast<std::uint64_t>(product);
    carry = product >> 64;
  }
  if (carry) return std::nullopt;
  return out;
}

std::optional<UInt256> UInt256::mul(const UInt256& other) const {
  std::uint64_t wide[8] = {};
  for (int i = 0; i < 4; ++i) {
    u128 carry = 0;
    for (int j = 0; j < 4; ++j) {
      const u128 cur = static_cast<u128>(limbs_[i]) * other.limbs_[j] + wide[i + j] + carry;
      wide[i + j] = static_cast<std::uint64_t>(cur);
      carry = cur >> 64;
    }
    wide[i + 4] = static_cast<std::uint64_t>(carry);
  }
  if (wide[4] || wide[5] || wide[6] || wide[7]) return std::nullopt;
  UInt256 out;
  std::copy(wide, wide + 4, out.limbs_.begin());
  return out;
}

UInt256 UInt256::divSmall(std::uint64_t divisor, std::uint64_t& remainder) const {
  UInt256 out;
  u128 rest = 0;
  for (int i = 3; i >= 0; --i) {
    const u128 cur = (rest << 64) | limbs_[i];
    out.limbs_[i] = static_cast<std::uint64_t>(cur / divisor);
    rest = cur % divisor;
  }
  remainder = static_cast<std::uint64_t>(rest);
  return out;
}

std::optional<UInt256> UInt256::fromDecimal(std::string_view text, unsigned decimals) {
  if (text.empty()) return std::nullopt;
  const std::size_t point = text.find('.');
  const std::string_view whole = text.substr(0, point);
  std::string_view fraction =
      point == std::string_view::npos ? std::string_view() : text.substr(point + 1);
  if (whole.empty() && fraction.empty()) return std::nullopt;
  UInt256 value;
  auto push = [&value](char c) -> bool {
    if (c < '0' || c > '9') return false;
    auto next = value.mulSmall(10);
    if (!next) return false;
    auto sum = next->add(UInt256(static_cast<std::uint64_t>(c - '0')));
    if (!sum) return false;
    value = *sum;
    return true;
  };
  for (char c : whole) {
    if (!push(c)) return std::nullopt;
  }
  for (char c : fraction) {
    if (c < '0' || c > '9') return std::nullopt;
  }
  for (unsigned i = 0; i < decimals; ++i) {
    if (!push(i < fraction.size() ? fraction[i] : '0')) return std::nullopt;
  }
  return value;
}

std::optional<UInt256> UInt256::fromBigEndian(ByteView bytes) {
  if (bytes.size() > 32) return std::nullopt;
  UInt256 out;
  for (std::size_t i = 0; i < bytes.size(); ++i) {
    const std::size_t bit = 8 * (bytes.size() - 1 - i);
    out.limbs_[bit / 64] |= static_cast<std::uint64_t>(bytes[i]) << (bit % 64);
  }
  return out;
}

std::optional<UInt256> UInt256::fromHexQuantity(std::string_view text) {
  if (text.size() < 3 || text.size() > 66 || text[0] != '0' || text[1] != 'x') return std::nullopt;
  std::string digits(text.substr(2));
  if (!isHex(digits)) return std::nullopt;
  if (digits.size() % 2) digits.insert(digits.begin(), '0');
  return fromBigEndian(fromHex(digits));
}

std::string UInt256::toDecimal(unsigned decimals) const {
  std::string digits;
  UInt256 rest = *this;
  while (!rest.isZero()) {
    std::uint64_t digit = 0;
    rest = rest.divSmall(10, digit);
    digits.push_back(static_cast<char>('0' + digit));
  }
  while (digits.size() <= decimals) digits.push_back('0');
  std::reverse(digits.begin(), digits.end());
  std::string whole = digits.substr(0, digits.size() - decimals);
  std::string fraction = digits.substr(digits.size() - decimals);
  while (!fraction.empty() && fraction.back() == '0') fraction.pop_back();
  return fraction.empty() ? whole : whole + "." + fraction;
}

ByteArray<32> UInt256::toBigEndian32() const {
  ByteArray<32> out{};
  for (int i = 0; i < 32; ++i)
    out[31 - i] = static_cast<std::uint8_t>(limbs_[i / 8] >> (8 * (i % 8)));
  return out;
}

Bytes UInt256::toMinimalBigEndian() const {
  const ByteArray<32> full = toBigEndian32();
  auto first = std::find_if(full.begin(), full.end(), [](std::uint8_t b) { return b != 0; });
  return Bytes(first, full.end());
}

std::string UInt256::toHexQuantity() const {
  std::string hex = toHex(toMinimalBigEndian());
  if (hex.empty()) return "0x0";
  if (hex[0] == '0') hex.erase(0, 1);
  return "0x" + hex;
}

}  // namespace walletd

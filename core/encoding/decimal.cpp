// Decimal parsing and canonical form: no leading zeros, no "-0", fractional digits kept as given,
// an exponent written out.
#include "core/encoding/decimal.h"

#include <algorithm>

namespace walletd {
namespace {
bool isDigit(char c) {
  return c >= '0' && c <= '9';
}

// "<int>.<fraction>" with the point moved by `exponent` places: "1.5", -3 → "0", "0015".
void shiftPoint(std::string& integer, std::string& fraction, long exponent) {
  if (exponent > 0) {
    const std::size_t moved = std::min<std::size_t>(exponent, fraction.size());
    integer += fraction.substr(0, moved) + std::string(exponent - moved, '0');
    fraction.erase(0, moved);
  } else if (exponent < 0) {
    const std::size_t places = static_cast<std::size_t>(-exponent);
    if (integer.size() < places) integer.insert(0, places - integer.size(), '0');
    fraction = integer.substr(integer.size() - places) + fraction;
    integer.erase(integer.size() - places);
  }
}

// Reads the digits from `i` on; answers them.
std::string digitsFrom(std::string_view text, std::size_t& i) {
  const std::size_t start = i;
  while (i < text.size() && isDigit(text[i])) ++i;
  return std::string(text.substr(start, i - start));
}

}  // namespace

// "[-]digits[.digits][(e|E)[+|-]digits]": serde's BigDecimal takes the exponent form, and a JSON
// number such as 1e-05 (what JS and Dart write for small doubles) dumps as one.
std::optional<Decimal> Decimal::fromText(std::string_view text) {
  if (text.empty() || text.size() > kMaxChars) return std::nullopt;
  std::size_t i = 0;
  const bool negative = text[0] == '-';
  if (negative) i = 1;
  std::string integer = digitsFrom(text, i);
  std::string fraction;
  if (i < text.size() && text[i] == '.') {
    fraction = digitsFrom(text, ++i);
    if (fraction.empty()) return std::nullopt;
  }
  if (integer.empty()) return std::nullopt;
  if (i < text.size() && (text[i] == 'e' || text[i] == 'E')) {
    const bool minus = ++i < text.size() && text[i] == '-';
    if (i < text.size() && (text[i] == '-' || text[i] == '+')) ++i;
    const std::string exponent = digitsFrom(text, i);
    if (exponent.empty() || exponent.size() > 3 || std::stol(exponent) > long{kMaxChars})
      return std::nullopt;
    shiftPoint(integer, fraction, minus ? -std::stol(exponent) : std::stol(exponent));
  }
  if (i != text.size()) return std::nullopt;
  const std::size_t nz = integer.find_first_not_of('0');
  integer = nz == std::string::npos ? "0" : integer.substr(nz);
  const bool zero = integer == "0" && fraction.find_first_not_of('0') == std::string::npos;
  std::string canonical =
      (negative && !zero ? "-" : "") + integer + (fraction.empty() ? "" : "." + fraction);
  if (canonical.size() > kMaxChars) return std::nullopt;
  return Decimal(std::move(canonical));
}

std::optional<Decimal> Decimal::fromJson(const Json& value) {
  if (value.is_string()) return fromText(value.get<std::string>());
  if (value.is_number()) return fromText(value.dump());  // floats: shortest round-trip form
  return std::nullopt;
}

}  // namespace walletd

// Decimal parsing and canonical form: no leading zeros, no "-0", fractional digits kept as given.
#include "core/encoding/decimal.h"

namespace walletd {
namespace {
bool isDigit(char c) {
  return c >= '0' && c <= '9';
}
}  // namespace

std::optional<Decimal> Decimal::fromText(std::string_view text) {
  if (text.empty() || text.size() > kMaxChars) return std::nullopt;
  std::size_t i = 0;
  const bool negative = text[0] == '-';
  if (negative) i = 1;
  const std::size_t int_start = i;
  while (i < text.size() && isDigit(text[i])) ++i;
  std::string integer(text.substr(int_start, i - int_start));
  std::string fraction;
  if (i < text.size() && text[i] == '.') {
    const std::size_t frac_start = ++i;
    while (i < text.size() && isDigit(text[i])) ++i;
    fraction = std::string(text.substr(frac_start, i - frac_start));
    if (fraction.empty()) return std::nullopt;
  }
  if (i != text.size() || integer.empty()) return std::nullopt;
  const std::size_t nz = integer.find_first_not_of('0');
  integer = nz == std::string::npos ? "0" : integer.substr(nz);
  const bool zero = integer == "0" && fraction.find_first_not_of('0') == std::string::npos;
  return Decimal((negative && !zero ? "-" : "") + integer +
                 (fraction.empty() ? "" : "." + fraction));
}

std::optional<Decimal> Decimal::fromJson(const Json& value) {
  if (value.is_string()) return fromText(value.get<std::string>());
  if (value.is_number()) return fromText(value.dump());  // floats: shortest round-trip form
  return std::nullopt;
}

}  // namespace walletd

// Decimal parsing and canonical form.
#include "core/encoding/decimal.h"

#include "core/rpc/params_reader.h"

namespace walletd {

namespace {
constexpr std::size_t kMaxDecimalChars = 100;
bool isDigit(char c) {
  return c >= '0' && c <= '9';
}
}  // namespace

bool Decimal::parseText(const std::string& text, std::string& canonical) {
  if (text.empty() || text.size() > kMaxDecimalChars) return false;
  std::size_t i = 0;
  bool negative = false;
  if (text[0] == '-') {
    negative = true;
    i = 1;
  }
  std::size_t int_start = i;
  while (i < text.size() && isDigit(text[i])) ++i;
  std::string integer = text.substr(int_start, i - int_start);
  std::string fraction;
  if (i < text.size() && text[i] == '.') {
    std::size_t frac_start = ++i;
    while (i < text.size() && isDigit(text[i])) ++i;
    fraction = text.substr(frac_start, i - frac_start);
    if (fraction.empty()) return false;
  }
  if (i != text.size() || integer.empty()) return false;
  std::size_t nz = integer.find_first_not_of('0');
  integer = nz == std::string::npos ? "0" : integer.substr(nz);
  bool zero = integer == "0" && fraction.find_first_not_of('0') == std::string::npos;
  canonical = (negative && !zero ? "-" : "") + integer + (fraction.empty() ? "" : "." + fraction);
  return true;
}

Decimal Decimal::fromJson(const Json& value, const std::string& path) {
  std::string text;
  if (value.is_string()) {
    text = value.get<std::string>();
  } else if (value.is_number_integer() || value.is_number_unsigned()) {
    text = value.dump();
  } else if (value.is_number_float()) {
    text = value.dump();  // shortest round-trip form, e.g. 123.567
  } else {
    throwInvalidParams(path + ": invalid type: " + describeJsonType(value) +
                       ", expected a decimal number or string");
  }
  std::string canonical;
  if (!parseText(text, canonical)) {
    throwInvalidParams(path + ": invalid value: " + value.dump() +
                       ", expected a decimal number such as \"12.34\" (at most 100 characters)");
  }
  return Decimal(std::move(canonical));
}

}  // namespace walletd

// Derivation path text.
#include "core/wallet/keys/derivation_path.h"

#include "core/encoding/encoding_error.h"

namespace walletd {

DerivationPath DerivationPath::parse(std::string_view text) {
  if (text.empty() || text[0] != 'm') throw EncodingError("derivation path must start with 'm'");
  DerivationPath out;
  std::size_t pos = 1;
  while (pos < text.size()) {
    if (text[pos] != '/')
      throw EncodingError("derivation path components must be separated by '/'");
    ++pos;
    std::uint64_t value = 0;
    const std::size_t digits_start = pos;
    while (pos < text.size() && text[pos] >= '0' && text[pos] <= '9') {
      value = value * 10 + static_cast<std::uint64_t>(text[pos] - '0');
      if (value >= kHardened) throw EncodingError("derivation path index is above 2^31 - 1");
      ++pos;
    }
    if (pos == digits_start) throw EncodingError("derivation path component is not a number");
    std::uint32_t index = static_cast<std::uint32_t>(value);
    if (pos < text.size() && (text[pos] == '\'' || text[pos] == 'h')) {
      index |= kHardened;
      ++pos;
    }
    out.indexes.push_back(index);
  }
  return out;
}

std::string DerivationPath::str() const {
  std::string out = "m";
  for (std::uint32_t index : indexes) {
    out += '/';
    out += std::to_string(index & ~kHardened);
    if (index & kHardened) out += '\'';
  }
  return out;
}

DerivationPath DerivationPath::child(std::uint32_t index) const {
  DerivationPath out = *this;
  out.indexes.push_back(index);
  return out;
}

}  // namespace walletd

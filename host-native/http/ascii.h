// ASCII helpers for HTTP text (header names, tokens, host names): case folding and digit runs.
#pragma once

#include <algorithm>
#include <cctype>
#include <string>
#include <string_view>

namespace walletd {

inline std::string asciiLower(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

// Non-empty and made of 0-9 only.
inline bool allDigits(std::string_view s) {
  return !s.empty() && std::all_of(s.begin(), s.end(), [](char c) { return c >= '0' && c <= '9'; });
}

}  // namespace walletd

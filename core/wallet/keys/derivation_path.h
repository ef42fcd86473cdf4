// BIP32 derivation paths: "m/44'/60'/0'/0/7" ⇄ child indexes (hardened ones have bit 31 set).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace walletd {

constexpr std::uint32_t kHardened = 0x80000000u;

struct DerivationPath {
  std::vector<std::uint32_t> indexes;

  // Accepts "m" followed by "/N" or "/N'" (also "/Nh"); throws EncodingError naming the problem.
  static DerivationPath parse(std::string_view text);
  std::string str() const;
  DerivationPath child(std::uint32_t index) const;
};

}  // namespace walletd

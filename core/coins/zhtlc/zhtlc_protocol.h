// What a ZHTLC coins-file entry says about its shielded side (protocol.protocol_data): the
// consensus parameters walletd uses (Sapling activation height, the three Bech32 HRPs) and the
// ZIP-32 path of its spending keys (`z_derivation_path`).
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "core/coins/coins_config.h"
#include "core/wallet/keys/derivation_path.h"

namespace walletd {

struct ZhtlcProtocol {
  std::uint64_t sapling_activation_height = 0;
  std::string hrp_spending_key;                  // "secret-extended-key-main"
  std::string hrp_viewing_key;                   // "zxviews"
  std::string hrp_address;                       // "zs"
  std::optional<std::string> z_derivation_path;  // "m/32'/141'"

  // Throws CoinRulesError naming what is missing or malformed.
  static ZhtlcProtocol fromEntry(const CoinEntry& coin);
};

}  // namespace walletd

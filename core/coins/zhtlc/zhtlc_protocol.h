// What a ZHTLC coins-file entry says about its shielded side (protocol.protocol_data): the
// consensus parameters walletd uses (Sapling activation height, the three Bech32 HRPs) and the
// ZIP-32 path of its spending keys (`z_derivation_path`).
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "core/coins/coins_config.h"
#include "core/crypto/bytes.h"
#include "core/wallet/keys/derivation_path.h"

namespace walletd {

struct ZhtlcProtocol {
  std::uint64_t sapling_activation_height = 0;
  std::string hrp_spending_key;                  // "secret-extended-key-main"
  std::string hrp_viewing_key;                   // "zxviews"
  std::string hrp_address;                       // "zs"
  std::optional<std::string> z_derivation_path;  // "m/32'/141'"
  // Base58 prefixes of transparent addresses (ARRR: 1c b8 and 1c bd); empty when absent.
  Bytes b58_pubkey_prefix, b58_script_prefix;
  // What a shielded transaction pays: KDF's FixedPerKb(txfee) charged flat per transaction; 1000
  // zatoshi when the coins file has no txfee (or 0, which would ask Electrum in KDF).
  std::uint64_t tx_fee = 1000;

  // The address a transparent output pays (P2PKH or P2SH); nullopt for another script.
  std::optional<std::string> transparentAddress(ByteView script) const;

  // Throws CoinRulesError naming what is missing or malformed.
  static ZhtlcProtocol fromEntry(const CoinEntry& coin);
};

}  // namespace walletd

#include "core/coins/zhtlc/zhtlc_keys.h"

#include "core/coins/address_codec.h"
#include "core/encoding/encoding_error.h"

namespace walletd {

sapling::ExtendedSpendingKey zhtlcSpendingKey(const WalletKeys& keys, const ZhtlcProtocol& protocol,
                                              std::uint32_t account) {
  if (keys.mode() != WalletKeys::Mode::HD) return keys.saplingMasterKey();
  if (!protocol.z_derivation_path) throw CoinRulesError("z_derivation_path not found");
  DerivationPath z_path;
  try {
    z_path = DerivationPath::parse(*protocol.z_derivation_path);
  } catch (const EncodingError& e) {
    throw CoinRulesError("Failed to parse z_derivation_path: " + std::string(e.what()));
  }
  sapling::ExtendedSpendingKey key = keys.saplingMasterKey();
  for (std::uint32_t step : z_path.indexes) key = key.child(step);
  return key.child(account | sapling::kZip32Hardened);
}

}  // namespace walletd

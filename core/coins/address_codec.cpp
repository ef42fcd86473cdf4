// The key texts shared by Ethereum-style families.
#include "core/coins/address_codec.h"

#include "core/encoding/hex.h"

namespace walletd {

std::string hexPrivateKey0x(const PrivateKey& key) {
  return "0x" + toHex(key);
}

std::string uncompressedPublicKey0x(const PublicKey& key) {
  const auto full = key.uncompressed();
  return "0x" + toHex(ByteView(full).subspan(1));
}

}  // namespace walletd

// TronAddressCodec implementation.
#include "core/coins/tron/tron_address_codec.h"

#include "core/encoding/eth_address.h"
#include "core/encoding/hex.h"
#include "core/encoding/tron_address.h"

namespace walletd {

std::string TronAddressCodec::address(const PublicKey& key, bool) const {
  return tronBase58(ethAddressFromPublicKey(key.uncompressed()));
}

std::string TronAddressCodec::privateKeyText(const PrivateKey& key) const {
  return hexPrivateKey0x(key);
}

std::string TronAddressCodec::publicKeyText(const PublicKey& key) const {
  return uncompressedPublicKey0x(key);
}

void TronAddressCodec::validate(std::string_view address) const {
  parseTronAddress(address);
}

}  // namespace walletd

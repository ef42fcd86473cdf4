// EvmAddressCodec implementation.
#include "core/coins/evm/evm_address_codec.h"

#include "core/encoding/eth_address.h"
#include "core/encoding/hex.h"

namespace walletd {

std::string EvmAddressCodec::address(const PublicKey& key, bool) const {
  return eip55Checksum(ethAddressFromPublicKey(key.uncompressed()));
}

std::string EvmAddressCodec::privateKeyText(const PrivateKey& key) const {
  return hexPrivateKey0x(key);
}

std::string EvmAddressCodec::publicKeyText(const PublicKey& key) const {
  return uncompressedPublicKey0x(key);
}

void EvmAddressCodec::validate(std::string_view address) const {
  parseEthAddress(address, true);
}

std::optional<std::string> EvmAddressCodec::convert(std::string_view from,
                                                    const std::string& format,
                                                    const std::optional<std::string>&) const {
  if (format == "singlecase")
    return "0x" + toHex(parseEthAddress(from, false));  // KDF's lower case
  if (format != "mixedcase") return std::nullopt;
  return eip55Checksum(parseEthAddress(from, false));
}

}  // namespace walletd

// EvmAddressCodec: EIP-55 checksummed addresses, 0x-hex keys (ETH, ERC20, NFT entries).
#pragma once

#include "core/coins/address_codec.h"

namespace walletd {

class EvmAddressCodec : public AddressCodec {
 public:
  std::string address(const PublicKey& key, bool use_coin_format) const override;
  std::string privateKeyText(const PrivateKey& key) const override;
  std::string publicKeyText(const PublicKey& key) const override;  // 0x + X||Y
  void validate(std::string_view address) const override;
  // "mixedcase": the EIP-55 form of any valid address.
  std::optional<std::string> convert(std::string_view from, const std::string& format,
                                     const std::optional<std::string>& network) const override;
};

}  // namespace walletd

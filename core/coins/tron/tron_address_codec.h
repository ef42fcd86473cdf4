// TronAddressCodec: TRON base58check addresses (0x41 + the Ethereum-style key hash), keys as
// 0x-hex like EVM.
#pragma once

#include "core/coins/address_codec.h"

namespace walletd {

class TronAddressCodec : public AddressCodec {
 public:
  std::string address(const PublicKey& key, bool use_coin_format) const override;
  std::string privateKeyText(const PrivateKey& key) const override;
  std::string publicKeyText(const PublicKey& key) const override;  // 0x + X||Y
  void validate(std::string_view address) const override;
};

}  // namespace walletd

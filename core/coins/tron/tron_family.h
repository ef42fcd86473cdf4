// TronFamily: TRX and TRC20 entries. For now it provides their address codec (base58check
// addresses with the 0x41 prefix, 0x-hex keys); activation and withdraw come with the TRON
// issue, in this folder.
#pragma once

#include "core/coins/coin_family.h"
#include "core/coins/tron/tron_address_codec.h"

namespace walletd {

class TronFamily : public CoinFamily {
 public:
  std::string_view name() const override { return "TRON"; }
  std::vector<std::string_view> protocolTypes() const override { return {"TRX", "TRC20"}; }
  std::unique_ptr<AddressCodec> addressCodec(const CoinEntry&, const CoinsConfig&) const override {
    return std::make_unique<TronAddressCodec>();
  }
};

}  // namespace walletd

// UtxoFamily: UTXO, BCH, QTUM and QRC20 entries. For now it provides their address codec (key
// export, convertaddress, validateaddress); activation and withdraw come with the UTXO family's
// issue, in this folder.
#pragma once

#include "core/coins/coin_family.h"
#include "core/coins/utxo/utxo_address_codec.h"

namespace walletd {

class UtxoFamily : public CoinFamily {
 public:
  std::string_view name() const override { return "UTXO"; }
  std::vector<std::string_view> protocolTypes() const override {
    return {"UTXO", "BCH", "QTUM", "QRC20"};
  }
  std::unique_ptr<AddressCodec> addressCodec(const CoinEntry& coin,
                                             const CoinsConfig&) const override {
    return std::make_unique<UtxoAddressCodec>(coin);
  }
};

}  // namespace walletd

// UtxoFamily: UTXO, BCH, QTUM and QRC20 entries: their address codec (key export, convertaddress,
// validateaddress) and, for the UTXO protocol, task::enable_utxo::* (utxo_activation.h).
#pragma once

#include "core/coins/coin_family.h"
#include "core/coins/utxo/utxo_activation.h"
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
  void registerMethods(MethodTable& table) const override { registerUtxoActivation(table); }
  LegacyHandler legacyEnable() const override { return utxoLegacyEnable(); }
};

}  // namespace walletd

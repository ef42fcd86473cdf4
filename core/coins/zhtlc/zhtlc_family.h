// ZhtlcFamily: ZHTLC (shielded Sapling) entries — ARRR, ZOMBIE, ZDEEX. Their keys and addresses
// are Sapling ones (zhtlc_address_codec.h): validateaddress and get_private_keys work for any
// entry of the coins file. task::enable_z_coin::* activates one in light mode
// (zhtlc_activation.h) against lightwalletd servers; z_coin_tx_history lists its history.
#pragma once

#include "core/coins/coin_family.h"
#include "core/coins/zhtlc/zhtlc_activation.h"
#include "core/coins/zhtlc/zhtlc_address_codec.h"
#include "core/coins/zhtlc/zhtlc_history_methods.h"

namespace walletd {

class ZhtlcFamily : public CoinFamily {
 public:
  std::string_view name() const override { return "ZHTLC"; }
  std::vector<std::string_view> protocolTypes() const override { return {"ZHTLC"}; }
  std::unique_ptr<AddressCodec> addressCodec(const CoinEntry& coin,
                                             const CoinsConfig&) const override {
    return std::make_unique<ZhtlcAddressCodec>(coin);
  }
  void registerMethods(MethodTable& table) const override {
    registerZhtlcActivation(table, activator_);
    registerZhtlcHistory(table);
  }

 private:
  ZhtlcActivator activator_;
};

}  // namespace walletd

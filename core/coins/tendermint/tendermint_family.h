// TendermintFamily: TENDERMINT and TENDERMINTTOKEN entries. For now it provides their address
// codec (bech32 with the chain's account_prefix; a token uses its platform's); activation,
// withdraw and staking come with the Tendermint issue, in this folder.
#pragma once

#include "core/coins/coin_family.h"
#include "core/coins/tendermint/tendermint_address_codec.h"

namespace walletd {

class TendermintFamily : public CoinFamily {
 public:
  std::string_view name() const override { return "Tendermint"; }
  std::vector<std::string_view> protocolTypes() const override {
    return {"TENDERMINT", "TENDERMINTTOKEN"};
  }
  // KDF's IBC source channel (n → "channel-n"); read by the Tendermint withdraw when it lands.
  std::vector<WithdrawOption> withdrawOptions() const override {
    return {{"ibc_source_channel", "number /* Tendermint IBC transfers */"}};
  }
  std::unique_ptr<AddressCodec> addressCodec(const CoinEntry& coin,
                                             const CoinsConfig& coins) const override {
    return std::make_unique<TendermintAddressCodec>(coin, coins);
  }
};

}  // namespace walletd

// TendermintFamily: TENDERMINT platforms and TENDERMINTTOKEN tokens (Cosmos SDK chains over
// CometBFT). Its entry points are KDF's (tendermint_activation.h): enable_tendermint_with_assets,
// task::enable_tendermint::* and enable_tendermint_token; its coins (tendermint_coins.h) answer
// my_balance, withdraw (bank sends and IBC transfers, tendermint_withdraw.cpp) and
// send_raw_transaction; addresses are bech32 with the chain's account_prefix (a token uses its
// platform's).
#pragma once

#include "core/coins/coin_family.h"
#include "core/coins/tendermint/tendermint_activation.h"
#include "core/coins/tendermint/tendermint_address_codec.h"

namespace walletd {

class TendermintFamily : public CoinFamily {
 public:
  std::string_view name() const override { return "Tendermint"; }
  std::vector<std::string_view> protocolTypes() const override {
    return {"TENDERMINT", "TENDERMINTTOKEN"};
  }
  // KDF's IBC source channel (n → "channel-n").
  std::vector<WithdrawOption> withdrawOptions() const override {
    return {{"ibc_source_channel", "number /* Tendermint IBC transfers */"}};
  }
  std::unique_ptr<AddressCodec> addressCodec(const CoinEntry& coin,
                                             const CoinsConfig& coins) const override {
    return std::make_unique<TendermintAddressCodec>(coin, coins);
  }
  void registerMethods(MethodTable& table) const override { registerTendermintActivation(table); }
};

}  // namespace walletd

// The activation of QRC20 tokens (coins-file protocol QRC20), as KDF's legacy `electrum` and
// `enable` requests do it (KDF has no v2 entry point for them): the token's own QTUM client is
// built by the UTXO activation from the token's entry and the request's servers, with the
// wallet's Iguana key or HD account; then the token's decimals are read from the contract when
// the coins file has none, and the token coin (qrc20_coin.h) is registered. `tx_history` and
// `utxo_merge_params` are refused for a token (its QTUM's own activation has them).
#pragma once

#include "core/coins/utxo/utxo_activation.h"

namespace walletd {

class Qrc20Activator : public CoinActivator<UtxoActivationParams> {
 public:
  bool serves(const CoinEntry& entry) const override { return entry.protocol_type == "QRC20"; }
  void check(Node& node, const CoinEntry& entry, const UtxoActivationParams& p) const override;
  Task<ActivatedCoins> activate(Node& node, const CoinEntry& entry, UtxoActivationParams p,
                                std::shared_ptr<RpcTaskHandle> handle) const override;

 private:
  UtxoActivator client_{"QRC20"};
};

}  // namespace walletd

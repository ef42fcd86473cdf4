// UtxoFamily: UTXO, BCH, QTUM and QRC20 entries: their address codec (key export, convertaddress,
// validateaddress) and activation — task::enable_utxo::* (utxo_activation.h) for the UTXO
// protocol, task::enable_bch::* and task::enable_qtum::* for BCH and QTUM, the legacy requests
// for QRC20 tokens — with the chain
// profiles its coins are built on (chain/utxo_chains.h; tests bring their own).
#pragma once

#include "core/coins/coin_family.h"
#include "core/coins/utxo/bch/bch_activation.h"
#include "core/coins/utxo/chain/utxo_chains.h"
#include "core/coins/utxo/kmd/kmd_rewards_methods.h"
#include "core/coins/utxo/qtum/qrc20_activator.h"
#include "core/coins/utxo/qtum/qtum_activation.h"
#include "core/coins/utxo/utxo_activation.h"
#include "core/coins/utxo/utxo_address_codec.h"

namespace walletd {

class UtxoFamily : public CoinFamily {
 public:
  explicit UtxoFamily(const UtxoChains& chains = builtInUtxoChains()) : chains_(chains) {}
  const UtxoChains& chains() const { return chains_; }
  std::string_view name() const override { return "UTXO"; }
  std::vector<std::string_view> protocolTypes() const override {
    return {"UTXO", "BCH", "QTUM", "QRC20"};
  }
  std::unique_ptr<AddressCodec> addressCodec(const CoinEntry& coin,
                                             const CoinsConfig&) const override {
    return std::make_unique<UtxoAddressCodec>(coin);
  }
  void registerMethods(MethodTable& table) const override {
    registerUtxoActivation(table);
    registerBchActivation(table);
    registerQtumActivation(table);
    registerKmdRewardsMethods(table);
  }
  LegacyHandler legacyEnable() const override { return utxoLegacyEnable(); }
  // The activator of a protocol's coins (UTXO, QTUM or QRC20; UTXO's for any other).
  const CoinActivator<UtxoActivationParams>& activator(std::string_view protocol = "UTXO") const {
    if (protocol == "QTUM") return qtum_activator_;
    if (protocol == "QRC20") return qrc20_activator_;
    return activator_;
  }

 private:
  const UtxoChains& chains_;
  UtxoActivator activator_;
  UtxoActivator qtum_activator_{"QTUM"};
  Qrc20Activator qrc20_activator_;
};

// The chain profiles of the node's UTXO family (the built-in ones when another family serves
// the UTXO protocol).
inline const UtxoChains& utxoChainsOf(const Node& node) {
  const auto* family = dynamic_cast<const UtxoFamily*>(node.families().forProtocol("UTXO"));
  return family != nullptr ? family->chains() : builtInUtxoChains();
}

}  // namespace walletd

// task::enable_utxo::init|status|user_action|cancel: activation of a UTXO-protocol coin with the
// wallet's Iguana key or HD wallet, in Native mode (the coin daemon's JSON-RPC, credentials from
// its conf file) or Electrum mode over TCP; and KDF's legacy `electrum` / `enable` requests
// (utxo_legacy_activation.cpp). SSL/WSS servers and the merge loop are refused with
// CoinCreationError until they land.
#pragma once

#include <memory>
#include <string>

#include "core/coins/activation_route.h"
#include "core/coins/coin_family.h"
#include "core/coins/standalone_activation.h"
#include "core/coins/utxo/utxo_activation_params.h"
#include "core/node/node.h"
#include "core/rpc/method_table.h"
#include "core/rpc/rpc_task_manager.h"

namespace walletd {

void registerUtxoActivation(MethodTable& table);
void registerUtxoLegacyActivation(MethodTable& table);
// The legacy `enable` (Native mode) of a UTXO coin; the shared `enable` routes to it.
LegacyHandler utxoLegacyEnable();

// The UTXO family's side of task::enable_utxo::* (the route is ActivationRoute): the coin's chain
// profile, key policy, mode and servers checked; its keys opened, its addresses followed and its
// balance read; the merge and history loops started once it is registered.
class UtxoActivator : public CoinActivator<UtxoActivationParams> {
 public:
  // Serves the entries of one protocol: UTXO (task::enable_utxo) or QTUM (task::enable_qtum).
  explicit UtxoActivator(std::string protocol = "UTXO") : protocol_(std::move(protocol)) {}
  bool serves(const CoinEntry& entry) const override { return entry.protocol_type == protocol_; }
  void check(Node& node, const CoinEntry& entry, const UtxoActivationParams& p) const override;
  Task<ActivatedCoins> activate(Node& node, const CoinEntry& entry, UtxoActivationParams p,
                                std::shared_ptr<RpcTaskHandle> handle) const override;

 private:
  std::string protocol_;
};

// The standalone route of the UTXO family's activator for `protocol` (UTXO, QTUM or QRC20):
// KDF's task::enable_utxo and task::enable_qtum, and the legacy requests of their coins and of
// QRC20 tokens.
using UtxoActivationRoute = ActivationRoute<UtxoActivationParams, InitStandaloneCoinError>;
const UtxoActivationRoute& utxoActivationRoute(const std::string& protocol);

// The checks that need no peer (init answers them at once). Throws InitStandaloneCoinError.
void checkInit(RequestContext& ctx, const UtxoActivationParams& p);
// The activation; answers {ticker, current_block, wallet_balance}.
Task<Json> activateUtxoCoin(Node& node, UtxoActivationParams p,
                            std::shared_ptr<RpcTaskHandle> handle);

}  // namespace walletd

// KDF's legacy (no "mmrpc") activation requests for UTXO coins: `electrum` {coin, servers, ...}
// and `enable` {coin, ...} (Native mode), with the activation fields at the top level. They run
// the same activation as task::enable_utxo and answer at once with KDF's legacy shape:
// {result: "success", coin, address, balance, unspendable_balance, required_confirmations,
// requires_notarization, mature_confirmations}. walletd's legacy `enable` activates UTXO and
// QTUM coins here (EVM coins: legacy_enable.cpp).
#include "core/coins/legacy_enable.h"
#include "core/coins/standalone_activation.h"
#include "core/coins/utxo/utxo_activation.h"

namespace walletd {
namespace {

struct LegacyElectrumParams {
  UtxoActivationParams p;
  static const ObjectSchema<LegacyElectrumParams>& schema() {
    static const auto s = UtxoActivationParams::legacySchema(UtxoActivationParams::Mode::Electrum)
                              .as(&LegacyElectrumParams::p);
    return s;
  }
};

struct LegacyEnableParams {
  UtxoActivationParams p;
  static const ObjectSchema<LegacyEnableParams>& schema() {
    static const auto s = UtxoActivationParams::legacySchema(UtxoActivationParams::Mode::Native)
                              .as(&LegacyEnableParams::p);
    return s;
  }
};

Task<Json> activateLegacy(RequestContext& ctx, UtxoActivationParams p) {
  const CoinEntry* entry = ctx.node.coins().find(p.ticker);
  const UtxoActivationRoute& route = utxoActivationRoute(entry ? entry->protocol_type : "UTXO");
  route.check(ctx.node, p);  // CoinConfigIsNotFound without an entry
  const std::string ticker = p.ticker;
  const std::uint64_t confirmations =
      p.required_confirmations.value_or(entry->unsignedInt("required_confirmations").value_or(1));
  const Json& conf_notarization =
      entry->conf.contains("requires_notarization") ? entry->conf["requires_notarization"] : Json();
  const bool notarization = p.requires_notarization.value_or(conf_notarization.is_boolean() &&
                                                             conf_notarization.get<bool>());
  auto handle = std::make_shared<RpcTaskHandle>();
  co_await route.run(ctx.node, std::move(p), handle);
  std::shared_ptr<ActiveCoin> coin = ctx.node.activeCoins().find(ticker);
  if (!coin) throw rpcError(InitStandaloneCoinError::Internal, "the coin went away", Json());
  const BalanceInfo balance =
      co_await overTransport(coin->myBalance(), InitStandaloneCoinError::Transport);
  Json out = coinInitResponse(*coin, balance, confirmations, notarization);
  out["mature_confirmations"] = entry->unsignedInt("mature_confirmations").value_or(100);
  co_return out;
}

Task<Json> legacyElectrum(RequestContext& ctx, LegacyElectrumParams params) {
  co_return co_await activateLegacy(ctx, std::move(params.p));
}

Task<Json> legacyEnable(RequestContext& ctx, LegacyEnableParams params) {
  co_return co_await activateLegacy(ctx, std::move(params.p));
}

}  // namespace

void registerUtxoLegacyActivation(MethodTable& t) {
  const std::string result =
      "{ result: \"success\"; coin: string; address: string; balance: string; "
      "unspendable_balance: string; required_confirmations: number; requires_notarization: "
      "boolean; mature_confirmations: number }";
  t.add({"electrum", result, MethodAccess::Protected, nullptr, legacyHandler(&legacyElectrum)});
}

LegacyHandler utxoLegacyEnable() {
  return legacyHandler(&legacyEnable);
}

}  // namespace walletd

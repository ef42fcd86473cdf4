// get_enabled_coins: v2 {coins:[{ticker}]}, legacy {result:[{ticker, address}]}.
// my_balance {coin}: {address, balance, unspendable_balance, coin} (legacy: the same, bare).
// disable_coin {coin, force_disable}: {coin, cancelled_orders: [], passivized, tokens: [...]} — a
// platform takes its tokens with it (force_disable, or no active token), or is passivized; every
// disabled coin is told onDisable.
#include "core/coins/coin_methods.h"

#include "core/coins/coin_lookup_error.h"
#include "core/coins/transport_error.h"
#include "core/node/node.h"

namespace walletd {
namespace {

struct CoinParams {
  std::string coin;
  static const ObjectSchema<CoinParams>& schema() {
    static const auto s = ObjectSchema<CoinParams>().required("coin", &CoinParams::coin);
    return s;
  }
};

std::shared_ptr<ActiveCoin> activeCoin(Node& node, const std::string& ticker) {
  auto coin = node.activeCoins().find(ticker);
  if (!coin)
    throw rpcError(CoinLookupError::NoSuchCoin, "No such coin: " + ticker, Json{{"coin", ticker}});
  return coin;
}

Task<Json> enabledCoins(RequestContext& ctx, UnitParams) {
  Json coins = Json::array();
  for (const auto& coin : ctx.node.activeCoins().all())
    coins.push_back(Json{{"ticker", coin->ticker()}});
  co_return Json{{"coins", std::move(coins)}};
}

Task<Json> enabledCoinsLegacy(RequestContext& ctx, NoParams) {
  Json coins = Json::array();
  for (const auto& coin : ctx.node.activeCoins().all()) {
    coins.push_back(Json{{"ticker", coin->ticker()}, {"address", coin->myAddress()}});
  }
  co_return Json{{"result", std::move(coins)}};
}

Task<Json> myBalance(RequestContext& ctx, CoinParams p) {
  auto coin = activeCoin(ctx.node, p.coin);
  const BalanceInfo balance = co_await overTransport(coin->myBalance(), CoinLookupError::Transport);
  Json out = Json::object();
  out["address"] = coin->myAddress();
  coin->addAddressDetails(out);
  out["balance"] = balance.spendable.str();
  out["unspendable_balance"] = balance.unspendable.str();
  out["coin"] = p.coin;
  co_return out;
}

// KDF's legacy disable_coin reads `force_disable` with as_bool(): anything but `true` is false.
struct AsBool {
  static bool decode(const Json& v, const std::string&) { return v.is_boolean() && v.get<bool>(); }
  static std::string ts() { return "boolean"; }
};

struct DisableParams {
  std::string coin;
  bool force = false;
  static const ObjectSchema<DisableParams>& schema() {
    static const auto s = ObjectSchema<DisableParams>()
                              .required("coin", &DisableParams::coin)
                              .fallback<AsBool>("force_disable", &DisableParams::force, false);
    return s;
  }
};

// As KDF: a platform whose tokens are active is passivized unless force_disable (hidden, its
// tokens keep working); with force, or without tokens, it goes with its tokens. A passive
// platform is found only by a forced disable.
Task<Json> disableCoin(RequestContext& ctx, DisableParams p) {
  CoinRegistry& coins = ctx.node.activeCoins();
  if (!coins.find(p.coin) && !(p.force && coins.findAny(p.coin)))
    throw rpcError(CoinLookupError::NoSuchCoin, "No such coin: " + p.coin, Json{{"coin", p.coin}});
  Json out = Json::object();
  out["coin"] = p.coin;
  out["cancelled_orders"] = Json::array();
  out["passivized"] = false;
  out["tokens"] = Json::array();
  const bool platform = !coins.findAny(p.coin)->platform();
  if (platform && !p.force && !coins.tokensOf(p.coin).empty()) {
    coins.passivize(p.coin);
    out["passivized"] = true;
    co_return out;
  }
  for (const auto& coin : coins.remove(p.coin)) {
    coin->onDisable();
    if (coin->ticker() != p.coin) out["tokens"].push_back(coin->ticker());
  }
  co_return out;
}

}  // namespace

void registerCoinMethods(MethodTable& t) {
  t.declare("BalanceInfo", "{ spendable: string; unspendable: string }");
  // The v2 answer; the legacy form answers {result: [{ticker, address}]}.
  t.add({"get_enabled_coins", "{ coins: { ticker: string }[] }", MethodAccess::Protected,
         typedHandler(&enabledCoins), legacyHandler(&enabledCoinsLegacy)});
  t.add({"my_balance",
         "{ address: string; balance: string; unspendable_balance: string; coin: string; "
         "relay_address?: string }",
         MethodAccess::Protected, typedHandler(&myBalance), legacyHandler(&myBalance)});
  t.add({"disable_coin",
         "{ coin: string; cancelled_orders: string[]; passivized: boolean; tokens: string[] }",
         MethodAccess::Protected, typedHandler(&disableCoin), legacyResultHandler(&disableCoin)});
}

}  // namespace walletd

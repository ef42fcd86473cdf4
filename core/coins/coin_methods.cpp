// get_enabled_coins: v2 {coins:[{ticker}]}, legacy {result:[{ticker, address}]}.
// my_balance {coin}: {address, balance, unspendable_balance, coin} (legacy: the same, bare).
// disable_coin {coin}: {coin, cancelled_orders: [], passivized: false, tokens: [...]} — a platform
// takes its tokens with it, and every disabled coin is told onDisable.
#include "core/coins/coin_methods.h"

#include "core/coins/coin_lookup_error.h"
#include "core/coins/transport_error.h"
#include "core/node/node.h"

namespace walletd {
namespace {

struct CoinParams {
  std::string coin;
  static CoinParams parse(ParamsReader& r) { return {r.required<std::string>("coin")}; }
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

Task<Json> disableCoin(RequestContext& ctx, CoinParams p) {
  activeCoin(ctx.node, p.coin);
  Json tokens = Json::array();
  for (const auto& coin : ctx.node.activeCoins().remove(p.coin)) {
    coin->onDisable();
    if (coin->ticker() != p.coin) tokens.push_back(coin->ticker());
  }
  Json out = Json::object();
  out["coin"] = p.coin;
  out["cancelled_orders"] = Json::array();
  out["passivized"] = false;
  out["tokens"] = std::move(tokens);
  co_return out;
}

}  // namespace

void registerCoinMethods(MethodTable& t) {
  t.declare("BalanceInfo", "{ spendable: string; unspendable: string }");
  // The v2 answer; the legacy form answers {result: [{ticker, address}]}.
  t.add({"get_enabled_coins", "{}", "{ coins: { ticker: string }[] }", MethodAccess::Protected,
         typedHandler(&enabledCoins), legacyHandler(&enabledCoinsLegacy)});
  t.add({"my_balance", "{ coin: string }",
         "{ address: string; balance: string; unspendable_balance: string; coin: string; "
         "relay_address?: string }",
         MethodAccess::Protected, typedHandler(&myBalance), legacyHandler(&myBalance)});
  t.add({"disable_coin", "{ coin: string }",
         "{ coin: string; cancelled_orders: string[]; passivized: boolean; tokens: string[] }",
         MethodAccess::Protected, typedHandler(&disableCoin), legacyResultHandler(&disableCoin)});
}

}  // namespace walletd

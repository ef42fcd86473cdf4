// get_enabled_coins: v2 {coins:[{ticker}]}, legacy {result:[{ticker, address}]}.
// my_balance {coin}: {address, balance, unspendable_balance, coin} (legacy: the same, bare).
// disable_coin {coin}: {coin, cancelled_orders: [], passivized: false, tokens: [...]} — a platform
// takes its tokens with it.
#include "core/coins/coin_methods.h"

#include "core/coins/evm/eth_activation_errors.h"
#include "core/coins/json_rpc_client.h"
#include "core/node/node.h"

namespace walletd {
namespace {

struct NoParams {
  static NoParams parse(ParamsReader&) { return {}; }
};

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

Task<Json> enabledCoins(RequestContext& ctx, NoParams) {
  Json coins = Json::array();
  for (const auto& coin : ctx.node.activeCoins().all())
    coins.push_back(Json{{"ticker", coin->ticker()}});
  co_return Json{{"coins", std::move(coins)}};
}

Task<Json> enabledCoinsLegacy(RequestContext& ctx, const Json&) {
  Json coins = Json::array();
  for (const auto& coin : ctx.node.activeCoins().all()) {
    coins.push_back(Json{{"ticker", coin->ticker()}, {"address", coin->myAddress()}});
  }
  co_return Json{{"result", std::move(coins)}};
}

Task<Json> balanceOf(Node& node, const std::string& ticker) {
  auto coin = activeCoin(node, ticker);
  BalanceInfo balance;
  try {
    balance = co_await coin->myBalance();
  } catch (const NodesUnavailable& e) {
    throw rpcError(CoinLookupError::Transport, e.what(), Json(std::string(e.what())));
  }
  Json out = Json::object();
  out["address"] = coin->myAddress();
  out["balance"] = balance.spendable.str();
  out["unspendable_balance"] = balance.unspendable.str();
  out["coin"] = ticker;
  co_return out;
}

Task<Json> myBalance(RequestContext& ctx, CoinParams p) {
  co_return co_await balanceOf(ctx.node, p.coin);
}
Task<Json> myBalanceLegacy(RequestContext& ctx, const Json& request) {
  co_return co_await balanceOf(ctx.node, parseLegacyParams<CoinParams>(request).coin);
}

Json disable(Node& node, const std::string& ticker) {
  activeCoin(node, ticker);
  std::vector<std::string> removed = node.activeCoins().remove(ticker);
  Json tokens = Json::array();
  for (const std::string& t : removed) {
    if (t != ticker) tokens.push_back(t);
  }
  Json out = Json::object();
  out["coin"] = ticker;
  out["cancelled_orders"] = Json::array();
  out["passivized"] = false;
  out["tokens"] = std::move(tokens);
  return out;
}

Task<Json> disableCoin(RequestContext& ctx, CoinParams p) {
  co_return disable(ctx.node, p.coin);
}
Task<Json> disableCoinLegacy(RequestContext& ctx, const Json& request) {
  co_return Json{{"result", disable(ctx.node, parseLegacyParams<CoinParams>(request).coin)}};
}

}  // namespace

void registerCoinMethods(MethodTable& t) {
  t.add({"get_enabled_coins", "none", "{coins: [{ticker}]} (legacy: {result: [{ticker, address}]})",
         MethodAccess::Protected, typedHandler(&enabledCoins), &enabledCoinsLegacy});
  t.add({"my_balance", "{coin}", "{address, balance, unspendable_balance, coin}",
         MethodAccess::Protected, typedHandler(&myBalance), &myBalanceLegacy});
  t.add({"disable_coin", "{coin}", "{coin, cancelled_orders, passivized, tokens}",
         MethodAccess::Protected, typedHandler(&disableCoin), &disableCoinLegacy});
}

}  // namespace walletd

// enable_erc20 for a TRC20 token: its plan from the coins file, its platform (active and a TRON
// platform), its balance. The shared entry point registers it.
#include "core/coins/platform_activation_errors.h"
#include "core/coins/tron/trc20_token_plan.h"
#include "core/coins/tron/tron_coins.h"
#include "core/coins/tron/tron_family.h"
#include "core/encoding/tron_address.h"
#include "core/node/node.h"

namespace walletd {

Task<ActivatedCoins> Trc20TokenActivator::activate(Node& node, const CoinEntry& entry,
                                                   TokenActivationParams p) const {
  const std::string platform_ticker = entry.protocolString("platform").value_or("");
  const Trc20TokenPlan plan =
      planTrc20Token(&entry, platform_ticker, p.ticker, p.required_confirmations);
  auto active = node.activeCoins().find(platform_ticker);
  if (!active) {
    throw rpcError(EnableTokenError::PlatformCoinIsNotActivated,
                   "Platform coin " + platform_ticker + " is not activated", Json(platform_ticker));
  }
  auto platform = std::dynamic_pointer_cast<TronPlatform>(active);
  if (!platform) {
    throw rpcError(EnableTokenError::UnsupportedPlatformCoin,
                   platform_ticker + " is not a platform coin for token " + p.ticker,
                   Json{{"platform_coin_ticker", platform_ticker}, {"token_ticker", p.ticker}});
  }
  auto token = std::make_shared<Trc20Token>(plan.ticker, platform, plan.contract, plan.decimals,
                                            plan.required_confirmations);
  const BalanceInfo balance = co_await token->myBalance();
  ActivatedCoins out;
  out.result = Json::object();
  out.result["balances"] = Json{{platform->myAddress(), balance.toJson()}};
  out.result["platform_coin"] = platform_ticker;
  out.result["token_contract_address"] = tronBase58(plan.contract);
  out.result["required_confirmations"] = plan.required_confirmations;
  out.coins.push_back(token);
  co_return out;
}

}  // namespace walletd

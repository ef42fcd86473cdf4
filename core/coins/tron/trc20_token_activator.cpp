// enable_erc20 for a TRC20 token: its plan from the coins file, its platform (active and a TRON
// platform), its balance on every known address of the platform (one with the Iguana key; each
// handed-out HD address). The shared entry point registers it.
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
  Json balances = Json::object();
  for (const EthAddress& account : platform->knownAccounts()) {
    const UInt256 units = co_await platform->tokenBalance(plan.contract, account);
    balances[tronBase58(account)] = spendableBalance(units, plan.decimals).toJson();
  }
  ActivatedCoins out;
  out.result = Json::object();
  out.result["balances"] = std::move(balances);
  out.result["platform_coin"] = platform_ticker;
  out.result["token_contract_address"] = tronBase58(plan.contract);
  out.result["required_confirmations"] = plan.required_confirmations;
  platform->addAddressDetails(out.result);  // relay_address with a relay provider
  out.coins.push_back(token);
  co_return out;
}

}  // namespace walletd

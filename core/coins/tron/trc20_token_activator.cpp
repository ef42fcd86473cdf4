// enable_erc20 for a TRC20 token: its plan from the coins file, then the account-chain kit (its
// platform, active and a TRON platform; its balance on every known address of the platform, in
// base58), and the relay address when the platform has a relay provider. The shared entry point
// registers it.
#include "core/coins/account_chain_activation.h"
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
  auto platform = tokenPlatform<TronPlatform>(node, platform_ticker, p.ticker);
  AccountChainTokenPlan token{plan.ticker, plan.contract, plan.decimals,
                              plan.required_confirmations};
  ActivatedCoins out = co_await activateAccountChainToken<Trc20Token>(
      platform, std::move(token), [](EthAddress a) { return tronBase58(a); });
  platform->addAddressDetails(out.result);  // relay_address with a relay provider
  co_return out;
}

}  // namespace walletd

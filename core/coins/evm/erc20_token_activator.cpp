// enable_erc20 for the EVM family: the token's plan from the coins file, then the account-chain
// kit (its platform, active and an EVM platform; its balance on every known address of the
// platform, EIP-55). The shared entry point registers it.
#include "core/coins/account_chain_activation.h"
#include "core/coins/evm/erc20_token_plan.h"
#include "core/coins/evm/evm_coins.h"
#include "core/coins/evm/evm_family.h"
#include "core/coins/platform_activation_errors.h"
#include "core/node/node.h"

namespace walletd {

Task<ActivatedCoins> Erc20TokenActivator::activate(Node& node, const CoinEntry& entry,
                                                   TokenActivationParams p) const {
  // KDF's order: the token's entry first (UnexpectedTokenProtocol), then its platform.
  const std::string platform_ticker = entry.protocolString("platform").value_or("");
  const Erc20TokenPlan plan =
      planErc20Token(&entry, platform_ticker, p.ticker, p.required_confirmations);
  auto platform = tokenPlatform<EthPlatform>(node, platform_ticker, p.ticker);
  AccountChainTokenPlan token{plan.ticker, plan.contract, plan.decimals,
                              plan.required_confirmations};
  co_return co_await activateAccountChainToken<Erc20Token>(
      platform, std::move(token), [](EthAddress a) { return eip55Checksum(a); });
}

}  // namespace walletd

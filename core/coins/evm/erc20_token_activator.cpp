// enable_erc20 for the EVM family: the token's plan from the coins file, its platform (active
// and an EVM platform), its balance on every known address of the platform (one with the Iguana
// key; each handed-out HD address). The shared entry point registers it.
#include "core/coins/evm/erc20_token_plan.h"
#include "core/coins/evm/evm_coins.h"
#include "core/coins/evm/evm_family.h"
#include "core/coins/platform_activation_errors.h"
#include "core/node/node.h"

namespace walletd {
namespace {

std::vector<EthAddress> knownAddresses(EthPlatform& platform) {
  HdWallet* hd = platform.hdWallet();
  return hd ? hd->knownKeccakAccounts() : std::vector<EthAddress>{platform.address()};
}

}  // namespace

Task<ActivatedCoins> Erc20TokenActivator::activate(Node& node, const CoinEntry& entry,
                                                   TokenActivationParams p) const {
  // KDF's order: the token's entry first (UnexpectedTokenProtocol), then its platform.
  const std::string platform_ticker = entry.protocolString("platform").value_or("");
  const Erc20TokenPlan plan =
      planErc20Token(&entry, platform_ticker, p.ticker, p.required_confirmations);
  auto active = node.activeCoins().find(platform_ticker);
  if (!active) {
    throw rpcError(EnableTokenError::PlatformCoinIsNotActivated,
                   "Platform coin " + platform_ticker + " is not activated", Json(platform_ticker));
  }
  auto platform = std::dynamic_pointer_cast<EthPlatform>(active);
  if (!platform) {
    throw rpcError(EnableTokenError::UnsupportedPlatformCoin,
                   platform_ticker + " is not a platform coin for token " + p.ticker,
                   Json{{"platform_coin_ticker", platform_ticker}, {"token_ticker", p.ticker}});
  }
  auto token = std::make_shared<Erc20Token>(plan.ticker, platform, plan.contract, plan.decimals,
                                            plan.required_confirmations);
  Json balances = Json::object();
  for (const EthAddress& address : knownAddresses(*platform)) {
    const UInt256 units = co_await platform->tokenBalance(plan.contract, address);
    balances[eip55Checksum(address)] = spendableBalance(units, plan.decimals).toJson();
  }
  ActivatedCoins out;
  out.coins.push_back(token);
  out.result = Json::object();
  out.result["balances"] = std::move(balances);
  out.result["platform_coin"] = platform_ticker;
  out.result["token_contract_address"] = eip55Checksum(plan.contract);
  out.result["required_confirmations"] = plan.required_confirmations;
  co_return out;
}

}  // namespace walletd

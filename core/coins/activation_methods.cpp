// The shared activation entry points, each a declaration over ActivationRoute
// (activation_route.h): a platform with its token requests (enable_eth_with_tokens,
// task::enable_eth::*) and one token (enable_erc20), routed to a family by the coins-file
// protocol type of the ticker.
#include "core/coins/activation_methods.h"

#include "core/coins/activation_route.h"
#include "core/coins/coin_family.h"
#include "core/coins/platform_activation_errors.h"
#include "core/coins/transport_error.h"
#include "core/node/node.h"
#include "core/rpc/rpc_task_methods.h"

namespace walletd {
namespace {

// A passive platform (disable_coin without force_disable) is activated anew: it and the tokens
// it kept are replaced when the new ones register (replacePassive).
void tokensNotActive(Node& node, const PlatformActivationParams& p) {
  const CoinRegistry& coins = node.activeCoins();
  for (const TokenRequest& token : p.tokens) {
    auto active = coins.find(token.ticker);
    if (active && !(active->platform() && coins.isPassive(*active->platform())))
      throwInvalidPayload("Token " + token.ticker + " is already activated");
  }
}

void replacePassive(Node& node, const PlatformActivationParams& p) {
  if (!node.activeCoins().isPassive(p.ticker)) return;
  for (const auto& coin : node.activeCoins().remove(p.ticker)) coin->onDisable();
}

// enable_eth_with_tokens and task::enable_eth::* (KDF's EnablePlatformCoinWithTokensError).
const ActivationRoute<PlatformActivationParams, EnablePlatformError>& platformRoute() {
  static const ActivationRoute<PlatformActivationParams, EnablePlatformError> route(
      platformActivationWords(),
      [](const CoinFamily& family) -> const CoinActivator<PlatformActivationParams>* {
        return family.platformActivator();
      },
      {&tokensNotActive, &replacePassive});
  return route;
}

// enable_erc20 (KDF's EnableTokenError); the token's activator finds its platform.
const ActivationRoute<TokenActivationParams, EnableTokenError>& tokenRoute() {
  static const ActivationRoute<TokenActivationParams, EnableTokenError> route(
      {EnableTokenError::TokenIsAlreadyActivated, EnableTokenError::TokenConfigIsNotFound,
       EnableTokenError::TokenProtocolParseError, EnableTokenError::UnexpectedTokenProtocol,
       EnableTokenError::Transport, "Token", "token protocol",
       [](const std::string& ticker) { return "Token " + ticker + " is already activated"; }},
      [](const CoinFamily& family) -> const CoinActivator<TokenActivationParams>* {
        return family.tokenActivator();
      });
  return route;
}

Task<Json> activatePlatform(Node& node, PlatformActivationParams p,
                            std::shared_ptr<RpcTaskHandle> handle) {
  co_return co_await platformRoute().run(node, std::move(p), std::move(handle));
}

Task<Json> enableEthWithTokens(RequestContext& ctx, PlatformActivationParams p) {
  co_return co_await activatePlatformCoin(ctx.node, std::move(p));
}

void checkPlatformInit(RequestContext& ctx, const PlatformActivationParams& p) {
  platformRoute().check(ctx.node, p);
}

Task<Json> enableErc20(RequestContext& ctx, TokenActivationParams p) {
  co_return co_await activateTokenCoin(ctx.node, std::move(p));
}

}  // namespace

Task<Json> activatePlatformCoin(Node& node, PlatformActivationParams params) {
  co_return co_await activatePlatform(node, std::move(params), std::make_shared<RpcTaskHandle>());
}

Task<Json> activateTokenCoin(Node& node, TokenActivationParams params) {
  co_return co_await tokenRoute().run(node, std::move(params), std::make_shared<RpcTaskHandle>());
}

TokenActivationParams TokenActivationParams::parse(ParamsReader& r) {
  TokenActivationParams p;
  p.ticker = r.required<std::string>("ticker");
  ParamsReader a = r.object("activation_params");
  p.required_confirmations = a.optional<std::uint32_t>("required_confirmations");
  a.ignoreUnknown();
  r.optional<Json>("protocol");  // KDF's custom-token form; the coins file is authoritative
  return p;
}

void registerActivationMethods(MethodTable& t) {
  PlatformActivationParams::declareTypes(t);
  t.declare("CoinAddressInfo",
            "{ derivation_method: { type: \"Iguana\" }; pubkey: string; balances?: BalanceInfo | "
            "Record<string, BalanceInfo>; tickers?: string[]; relay_address?: string /* TRON with "
            "a relay provider */ }");
  t.declare("HDAccountBalance",
            "{ account_index: number; derivation_path: string; total_balance: Record<string, "
            "BalanceInfo>; addresses: HDAddressBalance[] }");
  t.declare("PlatformActivationResult",
            "{ current_block: number; eth_addresses_infos: Record<string, CoinAddressInfo>; "
            "erc20_addresses_infos: Record<string, CoinAddressInfo>; nfts_infos: object } | { "
            "current_block: number; ticker: string; wallet_balance: { wallet_type: \"HD\"; "
            "accounts: HDAccountBalance[] }; nfts_infos: object }");
  t.add({"enable_eth_with_tokens", "PlatformActivationParams", "PlatformActivationResult",
         MethodAccess::Protected, typedHandler(&enableEthWithTokens), nullptr});
  addRpcTaskMethods<PlatformActivationParams>(t, "enable_eth", "PlatformActivationParams",
                                              "PlatformActivationResult", &checkPlatformInit,
                                              &activatePlatform);
  t.add({"enable_erc20",
         "{ ticker: string; activation_params: { required_confirmations?: number }; protocol?: "
         "object /* KDF's custom-token form, accepted; walletd takes the token from the coins "
         "file */ }",
         "{ balances: Record<string, BalanceInfo>; platform_coin: string; "
         "token_contract_address: string; required_confirmations: number }",
         MethodAccess::Protected, typedHandler(&enableErc20), nullptr});
}

}  // namespace walletd

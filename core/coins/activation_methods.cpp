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
  for (const TokenRequest& token : p.tokens) throwIfTokenActive(node, token.ticker);
}

void replacePassive(Node& node, const PlatformActivationParams& p) {
  replacePassivePlatform(node, p.ticker);
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
      tokenActivationWords(),
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

// A hardware wallet asks the user (PIN, passphrase, buttons) through a task: KDF refuses it here.
Task<Json> activatePlatformCoin(Node& node, PlatformActivationParams params) {
  if (params.priv_key_policy.type == "Trezor") {
    const std::string message = "Hardware policy must be activated within task manager";
    throw rpcError(EnablePlatformError::UnexpectedDeviceActivationPolicy, message, Json(message));
  }
  co_return co_await activatePlatform(node, std::move(params), std::make_shared<RpcTaskHandle>());
}

Task<Json> activateTokenCoin(Node& node, TokenActivationParams params) {
  co_return co_await tokenRoute().run(node, std::move(params), std::make_shared<RpcTaskHandle>());
}

namespace {

// enable_erc20's activation_params: KDF's Erc20TokenActivationRequest.
struct TokenActivationFields {
  std::optional<std::uint32_t> required_confirmations;
  static const ObjectSchema<TokenActivationFields>& schema() {
    static const auto s = ObjectSchema<TokenActivationFields>().optional(
        "required_confirmations", &TokenActivationFields::required_confirmations);
    return s;
  }
};

struct TokenActivationField {
  static std::optional<std::uint32_t> decode(const Json& v, const std::string& path) {
    return TokenActivationFields::schema().fromJson(v, path).required_confirmations;
  }
  static std::string ts() { return TokenActivationFields::schema().ts(); }
};

}  // namespace

const ObjectSchema<TokenActivationParams>& TokenActivationParams::schema() {
  using P = TokenActivationParams;
  static const auto s =
      ObjectSchema<P>()
          .required("ticker", &P::ticker)
          .required<TokenActivationField>("activation_params", &P::required_confirmations)
          .optional("protocol", &P::protocol,
                    "KDF's custom-token form, accepted; walletd takes the token from the coins "
                    "file");
  return s;
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
  t.add({"enable_eth_with_tokens", "PlatformActivationResult", MethodAccess::Protected,
         typedHandler(&enableEthWithTokens), nullptr});
  addRpcTaskMethods<PlatformActivationParams>(t, "enable_eth", "PlatformActivationResult",
                                              &checkPlatformInit, &activatePlatform);
  t.add({"enable_erc20",
         "{ balances: Record<string, BalanceInfo>; platform_coin: string; "
         "token_contract_address: string; required_confirmations: number }",
         MethodAccess::Protected, typedHandler(&enableErc20), nullptr});
}

}  // namespace walletd

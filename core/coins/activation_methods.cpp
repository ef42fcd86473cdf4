// Routing of the activation entry points. The order of checks is KDF's: the params, the ticker
// not active, its coins-file entry, its protocol, the token requests, a wallet; then the family.
// A failed or cancelled activation registers nothing: registration happens here, last, after a
// cancellation check and a second "not active" check (another call may have won meanwhile).
#include "core/coins/activation_methods.h"

#include "core/coins/coin_family.h"
#include "core/coins/platform_activation_errors.h"
#include "core/coins/transport_error.h"
#include "core/node/node.h"
#include "core/rpc/rpc_task_methods.h"

namespace walletd {
namespace {

// A passive platform (disable_coin without force_disable) is activated anew: it and the tokens
// it kept are replaced when the new ones register (replacePassive).
void checkNotActive(Node& node, const PlatformActivationParams& p) {
  const CoinRegistry& coins = node.activeCoins();
  if (coins.find(p.ticker))
    throw rpcError(EnablePlatformError::PlatformIsAlreadyActivated, p.ticker, Json(p.ticker));
  for (const TokenRequest& token : p.tokens) {
    auto active = coins.find(token.ticker);
    if (active && !(active->platform() && coins.isPassive(*active->platform())))
      throwInvalidPayload("Token " + token.ticker + " is already activated");
  }
}

void replacePassive(Node& node, const std::string& platform) {
  if (!node.activeCoins().isPassive(platform)) return;
  for (const auto& coin : node.activeCoins().remove(platform)) coin->onDisable();
}

struct PlatformRoute {
  const CoinEntry& entry;
  const PlatformActivator& activator;
};

// Everything that needs no peer; answered by task init at once.
PlatformRoute routePlatform(Node& node, const PlatformActivationParams& p) {
  checkNotActive(node, p);
  const CoinEntry* entry = node.coins().find(p.ticker);
  if (entry == nullptr) {
    throw rpcError(EnablePlatformError::PlatformConfigIsNotFound,
                   "Platform " + p.ticker + " config is not found", Json(p.ticker));
  }
  throwIfMalformed(EnablePlatformError::CoinProtocolParseError, p.ticker, entry->malformed);
  const CoinFamily* family = node.families().forProtocol(entry->protocol_type);
  const PlatformActivator* activator = family ? family->platformActivator() : nullptr;
  if (activator == nullptr || activator->platformProtocol() != entry->protocol_type) {
    throw rpcError(EnablePlatformError::UnexpectedPlatformProtocol,
                   "Unexpected platform protocol " + entry->protocolName() + " for " + p.ticker,
                   Json{{"ticker", p.ticker}, {"protocol", entry->protocolJson()}});
  }
  if (node.keys().mode() == WalletKeys::Mode::NoLogin) {
    const std::string message =
        "no wallet is open: start walletd with a passphrase or a wallet_name";
    throw rpcError(EnablePlatformError::Internal, message, Json(message));
  }
  activator->check(node, *entry, p);
  return {*entry, *activator};
}

Task<Json> activatePlatform(Node& node, PlatformActivationParams p,
                            std::shared_ptr<RpcTaskHandle> handle) {
  const PlatformRoute route = routePlatform(node, p);
  const PlatformActivationParams checked = p;
  ActivatedCoins activated =
      co_await overTransport(route.activator.activate(node, route.entry, std::move(p), handle),
                             EnablePlatformError::Transport);
  handle->throwIfCancelled();
  checkNotActive(node, checked);
  replacePassive(node, checked.ticker);
  for (auto& coin : activated.coins) node.activeCoins().add(std::move(coin));
  co_return std::move(activated.result);
}

Task<Json> enableEthWithTokens(RequestContext& ctx, PlatformActivationParams p) {
  co_return co_await activatePlatformCoin(ctx.node, std::move(p));
}

void checkPlatformInit(RequestContext& ctx, const PlatformActivationParams& p) {
  routePlatform(ctx.node, p);
}

Task<Json> activateToken(Node& node, TokenActivationParams p) {
  auto alreadyActive = [&] {
    if (node.activeCoins().find(p.ticker)) {
      throw rpcError(EnableTokenError::TokenIsAlreadyActivated,
                     "Token " + p.ticker + " is already activated", Json(p.ticker));
    }
  };
  alreadyActive();
  const CoinEntry* entry = node.coins().find(p.ticker);
  if (entry == nullptr) {
    throw rpcError(EnableTokenError::TokenConfigIsNotFound,
                   "Token " + p.ticker + " config is not found", Json(p.ticker));
  }
  throwIfMalformed(EnableTokenError::TokenProtocolParseError, p.ticker, entry->malformed);
  const CoinFamily* family = node.families().forProtocol(entry->protocol_type);
  const TokenActivator* activator = family ? family->tokenActivator() : nullptr;
  if (activator == nullptr || activator->tokenProtocol() != entry->protocol_type) {
    throw rpcError(EnableTokenError::UnexpectedTokenProtocol,
                   "Unexpected token protocol " + entry->protocolName() + " for " + p.ticker,
                   Json{{"ticker", p.ticker}, {"protocol", entry->protocolJson()}});
  }
  ActivatedCoins activated =
      co_await overTransport(activator->activate(node, *entry, p), EnableTokenError::Transport);
  alreadyActive();
  for (auto& coin : activated.coins) node.activeCoins().add(std::move(coin));
  co_return std::move(activated.result);
}

Task<Json> enableErc20(RequestContext& ctx, TokenActivationParams p) {
  co_return co_await activateToken(ctx.node, std::move(p));
}

}  // namespace

Task<Json> activatePlatformCoin(Node& node, PlatformActivationParams params) {
  co_return co_await activatePlatform(node, std::move(params), std::make_shared<RpcTaskHandle>());
}

Task<Json> activateTokenCoin(Node& node, TokenActivationParams params) {
  co_return co_await activateToken(node, std::move(params));
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

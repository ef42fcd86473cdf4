// enable_erc20: the token's plan from the coins file, its balance on every known address of the
// platform (one with the Iguana key; each handed-out HD address), then registration.
#include "core/coins/evm/erc20_activation.h"

#include "core/coins/evm/erc20_token_plan.h"
#include "core/coins/evm/evm_coins.h"
#include "core/coins/node_errors.h"
#include "core/node/node.h"

namespace walletd {
namespace {

// KDF's EnableTokenError (the variants an ERC20 activation can meet).
enum class EnableTokenError {
  TokenIsAlreadyActivated,     // 400, error_data = ticker
  PlatformCoinIsNotActivated,  // 400, error_data = platform ticker
  UnsupportedPlatformCoin,     // 500, {platform_coin_ticker, token_ticker}
  Transport,                   // 500, error_data = message
};

ErrorKindInfo describe(EnableTokenError e) {
  switch (e) {
    case EnableTokenError::TokenIsAlreadyActivated:
      return {"TokenIsAlreadyActivated", 400};
    case EnableTokenError::PlatformCoinIsNotActivated:
      return {"PlatformCoinIsNotActivated", 400};
    case EnableTokenError::UnsupportedPlatformCoin:
      return {"UnsupportedPlatformCoin", 500};
    case EnableTokenError::Transport:
      return {"Transport", 500};
  }
  return {"Transport", 500};
}

struct EnableErc20Params {
  std::string ticker;
  std::optional<std::uint32_t> required_confirmations;
  static EnableErc20Params parse(ParamsReader& r) {
    EnableErc20Params p;
    p.ticker = r.required<std::string>("ticker");
    const Json params = r.required<Json>("activation_params");
    ParamsReader a(params, r.fieldPath("activation_params"), false);
    p.required_confirmations = a.optional<std::uint32_t>("required_confirmations");
    a.rejectUnknown();
    r.optional<Json>("protocol");  // KDF's custom-token form; the coins file is authoritative
    return p;
  }
};

// The platform named by the token's coins-file entry, before the token's own checks.
std::string platformOf(const Node& node, const std::string& ticker) {
  const CoinEntry* entry = node.coins().find(ticker);
  if (entry == nullptr) return "";
  const Json data = entry->conf["protocol"].value("protocol_data", Json::object());
  return data.is_object() ? data.value("platform", "") : "";
}

std::vector<EthAddress> knownAddresses(EthPlatform& platform) {
  EvmHdWallet* hd = platform.hdWallet();
  if (hd == nullptr) return {platform.address()};
  std::vector<EthAddress> out;
  for (const HdAccountRecord& account : hd->accounts()) {
    for (std::uint32_t index = 0; index < account.external_addresses; ++index)
      out.push_back(hd->signerAt(account.account_id, index).address);
  }
  return out;
}

Task<Json> enableErc20(RequestContext& ctx, EnableErc20Params p) {
  Node& node = ctx.node;
  if (node.activeCoins().find(p.ticker)) {
    throw rpcError(EnableTokenError::TokenIsAlreadyActivated,
                   "Token " + p.ticker + " is already activated", Json(p.ticker));
  }
  // KDF's order: the token's entry first (TokenConfigIsNotFound / UnexpectedTokenProtocol), then
  // its platform.
  const std::string platform_ticker = platformOf(node, p.ticker);
  const Erc20TokenPlan plan =
      planErc20Token(node, platform_ticker, p.ticker, p.required_confirmations);
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
  if (node.activeCoins().find(p.ticker)) {  // activated by another call meanwhile
    throw rpcError(EnableTokenError::TokenIsAlreadyActivated,
                   "Token " + p.ticker + " is already activated", Json(p.ticker));
  }
  node.activeCoins().add(token);
  Json out = Json::object();
  out["balances"] = std::move(balances);
  out["platform_coin"] = platform_ticker;
  out["token_contract_address"] = eip55Checksum(plan.contract);
  out["required_confirmations"] = plan.required_confirmations;
  co_return out;
}

Task<Json> enableErc20Method(RequestContext& ctx, EnableErc20Params p) {
  co_return co_await overNodes(enableErc20(ctx, std::move(p)), EnableTokenError::Transport);
}

}  // namespace

void registerErc20ActivationMethods(MethodTable& t) {
  t.add({"enable_erc20", "{ticker, activation_params: {required_confirmations?}}",
         "{balances: {<address>: {spendable, unspendable}}, platform_coin, "
         "token_contract_address, required_confirmations}",
         MethodAccess::Protected, typedHandler(&enableErc20Method), nullptr});
}

}  // namespace walletd

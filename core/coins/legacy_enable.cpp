// KDF's legacy `enable` ({coin, ...} at the request's top level): the coin's family answers it
// when it has its own (UTXO's Native mode); otherwise a platform (ETH, TRX) is activated from
// `urls` with no tokens, and a token (ERC20, TRC20) through its platform, which — unlike KDF,
// whose legacy token gets its own node connections — must be active. The answer is KDF's
// CoinInitResponse without mature_confirmations (KDF leaves it out for these coins).
#include "core/coins/legacy_enable.h"

#include "core/coins/activation_methods.h"
#include "core/coins/platform_activation_errors.h"
#include "core/coins/transport_error.h"
#include "core/node/node.h"

namespace walletd {
namespace {

// The v2 platform request a legacy one stands for: `urls` (as the schema read them: absent or
// null is none) become `nodes`; the fields both forms share are carried over (KDF's legacy ETH
// activation reads the same ones).
PlatformActivationParams platformParams(const Json& request, const std::string& ticker,
                                        const std::optional<std::vector<std::string>>& urls) {
  Json v2 = Json{{"ticker", ticker}, {"nodes", Json::array()}};
  for (const std::string& url : urls.value_or(std::vector<std::string>{}))
    v2["nodes"].push_back(Json{{"url", url}});
  for (const char* key : {"required_confirmations", "requires_notarization", "priv_key_policy",
                          "path_to_address", "swap_contract_address", "fallback_swap_contract",
                          "mm2", "scan_policy", "min_addresses_number"}) {
    if (request.contains(key)) v2[key] = request[key];
  }
  ParamsReader r(v2, "request");
  return PlatformActivationParams::schema().parse(r);
}

Task<Json> initResponse(Node& node, const std::string& ticker, const CoinEntry& entry,
                        std::optional<std::uint32_t> required_confirmations) {
  std::shared_ptr<ActiveCoin> coin = node.activeCoins().find(ticker);
  if (!coin) throw rpcError(EnablePlatformError::Internal, "the coin went away", Json());
  const BalanceInfo balance =
      co_await overTransport(coin->myBalance(), EnablePlatformError::Transport);
  co_return coinInitResponse(
      *coin, balance,
      required_confirmations.value_or(entry.unsignedInt("required_confirmations").value_or(1)),
      false);
}

// KDF's legacy enable request, as the EVM/TRON path reads it; a family with its own legacy
// enable (UTXO) reads the request again with its own schema.
struct LegacyEnableRequest {
  std::string coin;
  std::optional<std::vector<std::string>> urls;
  std::optional<std::string> swap_contract_address, fallback_swap_contract;
  std::optional<std::uint32_t> required_confirmations;
  std::optional<bool> requires_notarization, tx_history;
  std::optional<PrivKeyPolicy> priv_key_policy;
  std::optional<AddressPath> path_to_address;
  std::optional<Json> mm2;
  Json raw;
  static const ObjectSchema<LegacyEnableRequest>& schema() {
    using L = LegacyEnableRequest;
    static const auto s =
        ObjectSchema<L>()
            .required("coin", &L::coin)
            .optional("urls", &L::urls, "EVM and TRON: the nodes")
            .optional("swap_contract_address", &L::swap_contract_address)
            .optional("fallback_swap_contract", &L::fallback_swap_contract)
            .optional("required_confirmations", &L::required_confirmations)
            .optional("requires_notarization", &L::requires_notarization)
            .optional("priv_key_policy", &L::priv_key_policy)
            .optional("path_to_address", &L::path_to_address)
            .optional("tx_history", &L::tx_history)
            .optional<AnyValue>("mm2", &L::mm2)
            .unknownFields(UnknownFields::Open,
                           "and a UTXO coin's fields of `electrum` but servers: Native mode")
            .then([](L& l, const ParamsReader& r) { l.raw = r.source(); });
    return s;
  }
};

Task<Json> legacyEnable(RequestContext& ctx, LegacyEnableRequest parsed) {
  const Json request = std::move(parsed.raw);
  const std::string ticker = parsed.coin;
  const CoinEntry* entry = ctx.node.coins().find(ticker);
  if (entry == nullptr) {
    throw rpcError(EnablePlatformError::PlatformConfigIsNotFound,
                   "Coin " + ticker + " config is not found", Json(ticker));
  }
  const CoinFamily* family = ctx.node.families().forProtocol(entry->protocol_type);
  if (family && family->legacyEnable()) co_return co_await family->legacyEnable()(ctx, request);
  const auto confirmations = parsed.required_confirmations;
  if (family && family->platformActivator() &&
      family->platformActivator()->platformProtocol() == entry->protocol_type) {
    co_await activatePlatformCoin(ctx.node, platformParams(request, ticker, parsed.urls));
  } else if (family && family->tokenActivator() &&
             family->tokenActivator()->tokenProtocol() == entry->protocol_type) {
    TokenActivationParams token{ticker, confirmations,
                                std::nullopt};               // named: GCC 12 frees a braced
    co_await activateTokenCoin(ctx.node, std::move(token));  // temporary in co_await twice
  } else {
    throwIfMalformed(EnablePlatformError::CoinProtocolParseError, ticker, entry->malformed);
    throw rpcError(EnablePlatformError::UnexpectedPlatformProtocol,
                   "Unexpected protocol " + entry->protocolName() + " for " + ticker,
                   Json{{"ticker", ticker}, {"protocol", entry->protocolJson()}});
  }
  co_return co_await initResponse(ctx.node, ticker, *entry, confirmations);
}

}  // namespace

Json coinInitResponse(const ActiveCoin& coin, const BalanceInfo& balance,
                      std::uint64_t required_confirmations, bool requires_notarization) {
  Json out = Json::object();
  out["result"] = "success";
  out["address"] = coin.myAddress();
  out["balance"] = balance.spendable.str();
  out["unspendable_balance"] = balance.unspendable.str();
  out["coin"] = coin.ticker();
  out["required_confirmations"] = required_confirmations;
  out["requires_notarization"] = requires_notarization;
  return out;
}

void registerLegacyEnable(MethodTable& t) {
  t.add({"enable",
         "{ result: \"success\"; coin: string; address: string; balance: string; "
         "unspendable_balance: string; required_confirmations: number; requires_notarization: "
         "boolean; mature_confirmations?: number /* UTXO */ }",
         MethodAccess::Protected, nullptr, legacyHandler(&legacyEnable)});
}

}  // namespace walletd

// enable_bch_with_tokens and task::enable_bch::*.
#include "core/coins/utxo/bch/bch_activation.h"

#include "core/coins/activation_route.h"
#include "core/coins/utxo/utxo_activation.h"
#include "core/coins/utxo/utxo_address_codec.h"
#include "core/coins/utxo/utxo_family.h"
#include "core/encoding/cashaddr.h"
#include "core/encoding/hex.h"
#include "core/rpc/rpc_task_methods.h"

namespace walletd {
namespace {

constexpr const char* kEmptyBchd = "Using empty bchd_urls is unsafe for SLP users!";

struct BchActivationParams {
  std::string ticker;
  UtxoActivationParams utxo;
  std::vector<std::string> bchd_urls;
  bool allow_slp_unsafe_conf = false;
  std::vector<std::string> slp_tokens;  // enable_bch_with_tokens' slp_tokens_requests

  bool unsafeBchd() const { return bchd_urls.empty() && !allow_slp_unsafe_conf; }

  // KDF's BchActivationRequest: UtxoActivationParams flattened, bchd_urls, allow_slp_unsafe_conf.
  static const ObjectSchema<BchActivationParams>& requestSchema() {
    using B = BchActivationParams;
    static const auto s =
        UtxoActivationParams::requestSchema()
            .as(&B::utxo)
            .required("bchd_urls", &B::bchd_urls, "not asked: walletd validates no SLP")
            .fallback("allow_slp_unsafe_conf", &B::allow_slp_unsafe_conf, false)
            .then([](B& p, const ParamsReader&) { p.utxo.ticker = p.ticker; });
    return s;
  }

  // task::enable_bch::init: {ticker, activation_params: BchActivationRequest}; KDF ignores a
  // slp_tokens_requests there.
  static const ObjectSchema<BchActivationParams>& schema() {
    static const auto s = ObjectSchema<BchActivationParams>()
                              .required("ticker", &BchActivationParams::ticker)
                              .nested("activation_params", requestSchema(), "BchActivationRequest");
    return s;
  }
};

// One of enable_bch_with_tokens' slp_tokens_requests (KDF's TokenActivationRequest).
struct SlpTokenRequest {
  std::string ticker;
  std::optional<std::uint32_t> required_confirmations;
  std::optional<Json> protocol;
  static const ObjectSchema<SlpTokenRequest>& schema() {
    static const auto s =
        ObjectSchema<SlpTokenRequest>()
            .required("ticker", &SlpTokenRequest::ticker)
            .optional("required_confirmations", &SlpTokenRequest::required_confirmations)
            .optional("protocol", &SlpTokenRequest::protocol);
    return s;
  }
};

// enable_bch_with_tokens: the request fields flattened beside ticker and slp_tokens_requests.
struct BchWithTokensParams : BchActivationParams {
  std::vector<SlpTokenRequest> slp_tokens_requests;
  static const ObjectSchema<BchWithTokensParams>& schema() {
    using W = BchWithTokensParams;
    static const auto s = ObjectSchema<BchActivationParams>()
                              .required("ticker", &BchActivationParams::ticker)
                              .include(BchActivationParams::requestSchema())
                              .via<W>([](W& w) -> BchActivationParams& { return w; })
                              .required("slp_tokens_requests", &W::slp_tokens_requests,
                                        "must be empty: walletd activates no SLP token")
                              .then([](W& w, const ParamsReader&) {
                                for (const auto& token : w.slp_tokens_requests)
                                  w.slp_tokens.push_back(token.ticker);
                              });
    return s;
  }
};

bool isBch(const CoinEntry& entry) {
  return entry.protocol_type == "BCH";
}

const UtxoActivator kUtxo;

// task::enable_bch::*: the UTXO activation of a BCH-protocol entry.
class BchTaskActivator : public CoinActivator<BchActivationParams> {
 public:
  bool serves(const CoinEntry& entry) const override { return isBch(entry); }
  void check(Node& node, const CoinEntry& entry, const BchActivationParams& p) const override {
    if (p.unsafeBchd()) throwCoinCreationError(p.ticker, kEmptyBchd);
    kUtxo.check(node, entry, p.utxo);
  }
  Task<ActivatedCoins> activate(Node& node, const CoinEntry& entry, BchActivationParams p,
                                std::shared_ptr<RpcTaskHandle> handle) const override {
    return kUtxo.activate(node, entry, std::move(p.utxo), std::move(handle));
  }
};

// The UTXO activation's errors in the platform entry point's words.
[[noreturn]] void rethrowAsPlatform(const RpcError& e, const std::string& ticker) {
  if (e.type() == "CoinCreationError" && e.data() && e.data()->contains("error"))
    throwPlatformCreationError(ticker, (*e.data())["error"].get<std::string>());
  if (e.type() == "Transport")
    throw rpcError(EnablePlatformError::Transport, e.message(), e.data().value_or(Json()));
  throw e;
}

Task<ActivatedCoins> utxoAsPlatform(Node& node, const CoinEntry& entry, UtxoActivationParams p,
                                    std::shared_ptr<RpcTaskHandle> handle) {
  const std::string ticker = p.ticker;
  std::optional<RpcError> failure;
  ActivatedCoins activated;
  try {
    activated = co_await kUtxo.activate(node, entry, std::move(p), std::move(handle));
  } catch (const RpcError& e) {
    failure = e;
  }
  if (failure) rethrowAsPlatform(*failure, ticker);
  co_return activated;
}

// KDF's CoinAddressInfo for the one (Iguana) address.
Json addressInfo(const std::string& pubkey, std::optional<Json> balances,
                 std::optional<Json> tickers) {
  Json info{{"derivation_method", {{"type", "Iguana"}}}, {"pubkey", pubkey}};
  if (balances) info["balances"] = *balances;
  if (tickers) info["tickers"] = *tickers;
  return info;
}

class BchPlatformActivator : public CoinActivator<BchWithTokensParams> {
 public:
  bool serves(const CoinEntry& entry) const override { return isBch(entry); }
  void check(Node& node, const CoinEntry& entry, const BchWithTokensParams& p) const override {
    if (node.keys().mode() == WalletKeys::Mode::HD) {
      const std::string message =
          "enable_bch_with_tokens activates the Iguana key only; use "
          "task::enable_bch::init for an HD wallet";
      throw rpcError(EnablePlatformError::UnexpectedDerivationMethod, message, Json(message));
    }
    if (p.unsafeBchd()) throwPlatformCreationError(p.ticker, kEmptyBchd);
    for (const std::string& token : p.slp_tokens) {
      const CoinEntry* found = node.coins().find(token);
      if (found == nullptr) {
        throw rpcError(EnablePlatformError::TokenConfigIsNotFound,
                       "Token " + token + " config is not found", Json(token));
      }
      throwPlatformCreationError(p.ticker, "walletd activates no SLP token (" + token +
                                               "); KDF's coins dropped SLP in 2025");
    }
    try {
      kUtxo.check(node, entry, p.utxo);
    } catch (const RpcError& e) {
      rethrowAsPlatform(e, p.ticker);
    }
  }
  Task<ActivatedCoins> activate(Node& node, const CoinEntry& entry, BchWithTokensParams p,
                                std::shared_ptr<RpcTaskHandle> handle) const override {
    const bool get_balances = p.utxo.get_balances;
    ActivatedCoins activated = co_await utxoAsPlatform(node, entry, p.utxo, std::move(handle));
    const Json report = activated.result["wallet_balance"];
    const std::string address = report.value("address", "");
    const std::string pubkey = toHex(PublicKey::fromPrivate(node.keys().iguanaKey()).compressed());
    const UtxoAddressCodec codec(entry);
    const std::string slp_prefix = entry.protocolString("slp_prefix").value_or("simpleledger");
    const std::string slp_address =
        cashAddrEncode({slp_prefix, CashAddrType::P2PKH, codec.parse(address).hash});
    std::optional<Json> balance;
    if (get_balances && report.contains("balance")) balance = report["balance"][p.ticker];
    Json result{{"current_block", activated.result["current_block"]},
                {"bch_addresses_infos", {{address, addressInfo(pubkey, balance, std::nullopt)}}}};
    result["slp_addresses_infos"] = {
        {slp_address, get_balances ? addressInfo(pubkey, Json::object(), std::nullopt)
                                   : addressInfo(pubkey, std::nullopt, Json::array())}};
    activated.result = std::move(result);
    co_return activated;
  }
};

const BchTaskActivator kTaskActivator;
const BchPlatformActivator kPlatformActivator;

// Routes the BCH protocol to these activators when the UTXO family serves it.
template <typename Params>
const CoinActivator<Params>* bchActivator(const CoinFamily& family,
                                          const CoinActivator<Params>& activator) {
  return dynamic_cast<const UtxoFamily*>(&family) != nullptr ? &activator : nullptr;
}

const ActivationRoute<BchActivationParams, InitStandaloneCoinError>& taskRoute() {
  static const ActivationRoute<BchActivationParams, InitStandaloneCoinError> route(
      standaloneActivationWords(), [](const CoinFamily& family) {
        return bchActivator<BchActivationParams>(family, kTaskActivator);
      });
  return route;
}

const ActivationRoute<BchWithTokensParams, EnablePlatformError>& platformRoute() {
  static const ActivationRoute<BchWithTokensParams, EnablePlatformError> route(
      platformActivationWords(), [](const CoinFamily& family) {
        return bchActivator<BchWithTokensParams>(family, kPlatformActivator);
      });
  return route;
}

void checkTaskInit(RequestContext& ctx, const BchActivationParams& p) {
  taskRoute().check(ctx.node, p);
}

Task<Json> runTask(Node& node, BchActivationParams p, std::shared_ptr<RpcTaskHandle> handle) {
  co_return co_await taskRoute().run(node, std::move(p), std::move(handle));
}

Task<Json> enableBchWithTokens(RequestContext& ctx, BchWithTokensParams p) {
  co_return co_await platformRoute().run(ctx.node, std::move(p), std::make_shared<RpcTaskHandle>());
}

}  // namespace

void registerBchActivation(MethodTable& t) {
  t.declare("BchActivationRequest", BchActivationParams::requestSchema().ts());
  t.add({"enable_bch_with_tokens",
         "{ current_block: number; bch_addresses_infos: Record<string, CoinAddressInfo>; "
         "slp_addresses_infos: Record<string, CoinAddressInfo> }",
         MethodAccess::Protected, typedHandler(&enableBchWithTokens), nullptr});
  addRpcTaskMethods<BchActivationParams>(t, "enable_bch", "UtxoActivationResult", &checkTaskInit,
                                         &runTask);
}

}  // namespace walletd

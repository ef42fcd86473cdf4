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

  void readBchFields(ParamsReader& a) {
    bchd_urls = a.required<std::vector<std::string>>("bchd_urls");
    allow_slp_unsafe_conf = a.optionalOr<bool>("allow_slp_unsafe_conf", false);
  }
  bool unsafeBchd() const { return bchd_urls.empty() && !allow_slp_unsafe_conf; }

  // task::enable_bch::init: {ticker, activation_params: BchActivationRequest}; KDF ignores a
  // slp_tokens_requests there.
  static BchActivationParams parse(ParamsReader& r) {
    BchActivationParams p;
    p.ticker = r.required<std::string>("ticker");
    ParamsReader a = r.object("activation_params");
    p.utxo = UtxoActivationParams::parseFields(a, p.ticker);
    p.readBchFields(a);
    a.ignoreUnknown();
    return p;
  }
};

// enable_bch_with_tokens: the request fields flattened beside ticker and slp_tokens_requests.
struct BchWithTokensParams : BchActivationParams {
  static BchWithTokensParams parse(ParamsReader& r) {
    BchWithTokensParams p;
    p.ticker = r.required<std::string>("ticker");
    p.utxo = UtxoActivationParams::parseFields(r, p.ticker);
    p.readBchFields(r);
    const Json tokens = r.required<Json>("slp_tokens_requests");
    if (!tokens.is_array()) throwInvalidParams("params.slp_tokens_requests: expected an array");
    for (std::size_t i = 0; i < tokens.size(); ++i) {
      ParamsReader token(tokens[i], "params.slp_tokens_requests[" + std::to_string(i) + "]");
      p.slp_tokens.push_back(token.required<std::string>("ticker"));
      token.optional<std::uint32_t>("required_confirmations");
      token.optional<Json>("protocol");
      token.ignoreUnknown();
    }
    return p;
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
  t.declare("BchActivationRequest",
            "UtxoActivationRequest & { bchd_urls: string[] /* not asked: walletd validates no "
            "SLP */; allow_slp_unsafe_conf?: boolean }");
  t.add({"enable_bch_with_tokens",
         "{ ticker: string; slp_tokens_requests: { ticker: string; required_confirmations?: "
         "number; protocol?: object }[] /* must be empty: walletd activates no SLP token */ } & "
         "BchActivationRequest",
         "{ current_block: number; bch_addresses_infos: Record<string, CoinAddressInfo>; "
         "slp_addresses_infos: Record<string, CoinAddressInfo> }",
         MethodAccess::Protected, typedHandler(&enableBchWithTokens), nullptr});
  addRpcTaskMethods<BchActivationParams>(
      t, "enable_bch", "{ ticker: string; activation_params: BchActivationRequest }",
      "UtxoActivationResult", &checkTaskInit, &runTask);
}

}  // namespace walletd

// enable_tendermint_with_assets, task::enable_tendermint::* and enable_tendermint_token.
//
// Platform activation, in KDF's order: the coins-file entry read (tendermint_config.h), each
// token's entry and platform checked, the key made (the Iguana key, or the HD key at
// path_to_address under the coin's derivation_path: one address, as KDF's Tendermint in HD
// mode), then the node: abci_info for current_block and, with get_balances, the platform's and
// each token's bank balance. An unreachable node is KDF's PlatformCoinCreationError with the
// RPC error inside. The answer is KDF's TendermintActivationResult: {ticker, address,
// current_block, balance, tokens_balances} or, without balances, tokens_tickers.
#include "core/coins/tendermint/tendermint_activation.h"

#include "core/coins/activation_route.h"
#include "core/coins/hd_platform_wallet.h"
#include "core/coins/platform_activation_errors.h"
#include "core/coins/tendermint/session_wallet_cosmos.h"
#include "core/coins/tendermint/tendermint_coins.h"
#include "core/coins/tendermint/tendermint_family.h"
#include "core/node/node.h"
#include "core/rpc/rpc_task_methods.h"
#include "core/rpc/schema.h"
#include "core/walletconnect/wc_setup.h"

namespace walletd {
namespace {

// One of tokens_params (KDF's TokenActivationRequest<TendermintTokenActivationParams>).
struct TendermintTokenRequest {
  std::string ticker;
  std::optional<Json> protocol;
  static const ObjectSchema<TendermintTokenRequest>& schema() {
    static const auto s = ObjectSchema<TendermintTokenRequest>()
                              .required("ticker", &TendermintTokenRequest::ticker)
                              .optional("protocol", &TendermintTokenRequest::protocol,
                                        "accepted; walletd takes the token from the coins file");
    return s;
  }
};

// KDF's TendermintActivationParams.
struct TendermintActivationParams {
  std::string ticker;
  std::vector<CoinNode> nodes;
  std::vector<TendermintTokenRequest> tokens_params;
  bool tx_history = false;
  bool get_balances = true;
  AddressPath path_to_address;
  std::optional<Json> activation_params;

  static const ObjectSchema<TendermintActivationParams>& schema() {
    using P = TendermintActivationParams;
    static const auto s =
        ObjectSchema<P>()
            .required("ticker", &P::ticker)
            .required("nodes", &P::nodes, "CometBFT JSON-RPC URLs; other node keys are ignored")
            .required("tokens_params", &P::tokens_params)
            .fallback("tx_history", &P::tx_history, false)
            .fallback("get_balances", &P::get_balances, true)
            .optionalKeep("path_to_address", &P::path_to_address, "HD wallets only")
            .optional("activation_params", &P::activation_params,
                      "KDF's {type, params}: {type: \"WalletConnect\", params: {session_topic}} "
                      "for a session wallet (WithPubkey is not supported)")
            .unknownFields(UnknownFields::Open, "KDF's other fields are ignored");
    return s;
  }
  static std::string tsType() { return "TendermintActivationParams"; }
};

// The session topic of activation_params {type: "WalletConnect", params: {session_topic}} (KDF's
// adjacently tagged TendermintActivationPolicy; the SDK's flat session_topic too); nullopt for
// any other policy.
std::optional<std::string> sessionTopicOf(const TendermintActivationParams& p) {
  if (!p.activation_params || !p.activation_params->is_object()) return std::nullopt;
  const Json& policy = *p.activation_params;
  if (policy.value("type", Json()) != "WalletConnect") return std::nullopt;
  const Json params = policy.value("params", Json::object());
  const Json topic = params.is_object() && params.contains("session_topic")
                         ? params["session_topic"]
                         : policy.value("session_topic", Json());
  if (!topic.is_string()) return std::nullopt;
  return topic.get<std::string>();
}

// The platform checks that need no node.
TendermintChain checkedChain(Node& node, const CoinEntry& entry,
                             const TendermintActivationParams& p) {
  if (p.nodes.empty()) {
    throwPlatformCreationError(p.ticker, "EmptyRpcUrls");
  }
  if (p.nodes.size() > JsonRpcClient::kMaxNodes) {
    throwInvalidParams("params.nodes: at most " + std::to_string(JsonRpcClient::kMaxNodes) +
                       " nodes are accepted");
  }
  if (p.activation_params && !sessionTopicOf(p)) {
    const std::string message =
        "activation_params: walletd activates Tendermint coins with the wallet's own key or a "
        "WalletConnect session ({\"type\":\"WalletConnect\",\"params\":{\"session_topic\":…}})";
    throw rpcError(EnablePlatformError::PrivKeyPolicyNotAllowed, message, Json(message));
  }
  TendermintChain chain = readTendermintChain(entry);
  for (const TendermintTokenRequest& request : p.tokens_params) {
    const CoinEntry* token = node.coins().find(request.ticker);
    if (token == nullptr) {
      throw rpcError(EnablePlatformError::TokenConfigIsNotFound,
                     "Token " + request.ticker + " config is not found", Json(request.ticker));
    }
    throwIfMalformed(EnablePlatformError::TokenProtocolParseError, request.ticker,
                     token->malformed);
    if (node.families().forProtocol(token->protocol_type) == nullptr) {
      const std::string error = "unknown variant `" + token->protocolName().substr(0, 40) + "`";
      throw rpcError(EnablePlatformError::TokenProtocolParseError,
                     "Token " + request.ticker + " protocol parsing failed: " + error,
                     Json{{"ticker", request.ticker}, {"error", error}});
    }
    if (token->protocol_type != "TENDERMINTTOKEN") {
      throw rpcError(
          EnablePlatformError::UnexpectedTokenProtocol,
          "Unexpected token protocol " + token->protocolName() + " for " + request.ticker,
          Json{{"ticker", request.ticker}, {"protocol", token->protocolJson()}});
    }
    const TendermintTokenConfig config = readTendermintToken(*token);
    if (config.platform != p.ticker) {
      const std::string message = "Token " + request.ticker + " belongs to platform " +
                                  config.platform + ", not " + p.ticker;
      throw rpcError(EnablePlatformError::PlatformCoinMismatch, message, Json(message));
    }
  }
  if (node.keys().mode() == WalletKeys::Mode::HD && !entry.string("derivation_path") &&
      !sessionTopicOf(p))
    throwPlatformCreationError(p.ticker, "'derivation_path' field is not found in config");
  return chain;
}

// The activated key: the Iguana key, or the HD key at path_to_address.
TendermintSigner activatedSigner(Node& node, const CoinEntry& entry, const AddressPath& path,
                                 std::shared_ptr<HdWallet>& hd) {
  if (node.keys().mode() != WalletKeys::Mode::HD) {
    const PrivateKey& key = node.keys().iguanaKey();
    return {key, PublicKey::fromPrivate(key), "", nullptr};
  }
  DerivationPath coin_path;
  try {
    coin_path = DerivationPath::parse(*entry.string("derivation_path"));
  } catch (const std::exception& e) {
    throwPlatformCreationError(entry.ticker, std::string("InvalidDerivationPath: ") + e.what());
  }
  hd = std::make_shared<HdWallet>(node.keys(), coin_path, std::vector<HdAccountRecord>{}, true);
  WithdrawFromInfo from;
  from.derivation_path = path.derivation_path;
  from.account_id = path.account_id;
  from.chain = path.chain.value_or(Bip44Chain::External);
  from.address_id = path.address_id.value_or(0);
  HdAddressRef ref;
  try {
    ref = hd->addressOf(from);
  } catch (const HdFromError& e) {
    throwInvalidPayload(std::string("path_to_address: ") + e.what());
  }
  const ExtendedKey key = hd->keyAt(ref);
  return {key.privateKey(), key.publicKey(), "", nullptr};
}

Json balanceJson(const UInt256& units, unsigned decimals) {
  return spendableBalance(units, decimals).toJson();
}

// The session wallet's signer; every failure is KDF's WalletConnectError with the reason.
Task<TendermintSigner> sessionSigner(Node& node, std::string topic, const TendermintChain& chain) {
  std::optional<TendermintSigner> signer;
  std::string failure;
  try {
    std::shared_ptr<wc::Service> wc = co_await walletConnectOf(node);
    signer = co_await sessionWalletCosmosSigner(wc, topic, chain.chain_id, chain.account_prefix);
  } catch (const RpcError& e) {
    failure = std::string("Failed to get WalletConnect context: ") + e.what();
  } catch (const CosmosSessionRefusal& e) {
    failure = e.what();
  }
  if (!signer) throw rpcError(EnablePlatformError::WalletConnectError, failure, Json(failure));
  co_return std::move(*signer);
}

Task<ActivatedCoins> connectPlatform(Node& node, const CoinEntry& entry,
                                     TendermintActivationParams p,
                                     std::shared_ptr<RpcTaskHandle> handle) {
  TendermintChain chain = checkedChain(node, entry, p);
  std::shared_ptr<HdWallet> hd;
  const std::optional<std::string> session_topic = sessionTopicOf(p);
  std::optional<TendermintSigner> session;
  if (session_topic) session = co_await sessionSigner(node, *session_topic, chain);
  TendermintSigner signer =
      session ? std::move(*session) : activatedSigner(node, entry, p.path_to_address, hd);
  const std::string address = tendermintAddress(chain.account_prefix, signer.public_key);
  signer.address = address;
  auto platform = std::make_shared<TendermintPlatform>(
      chain, TendermintRpcClient(node.http(), p.nodes, &node.clock(), node.keys().p2pKey()),
      std::move(signer), hd, node.clock());
  std::vector<std::shared_ptr<TendermintToken>> tokens;
  for (const TendermintTokenRequest& request : p.tokens_params)
    tokens.push_back(std::make_shared<TendermintToken>(
        readTendermintToken(*node.coins().find(request.ticker)), platform));

  handle->setProgress("RequestingWalletBalance");
  Json result{{"ticker", p.ticker}, {"address", address}};
  result["current_block"] = co_await platform->client().latestHeight();
  if (p.get_balances) {
    const UInt256 units = co_await platform->balanceOf(chain.denom);
    result["balance"] = balanceJson(units, chain.decimals);
    result["tokens_balances"] = Json::object();
    for (const auto& token : tokens) {
      const UInt256 token_units = co_await platform->balanceOf(token->config().denom);
      result["tokens_balances"][token->ticker()] =
          balanceJson(token_units, token->config().decimals);
    }
  } else {
    result["tokens_tickers"] = Json::array();
    for (const auto& token : tokens) result["tokens_tickers"].push_back(token->ticker());
  }
  handle->setProgress("Finishing");
  platform->setBalanceEvents(node.executor(), node.streamConnector());
  ActivatedCoins out;
  if (p.tx_history) {
    platform->setHistory(std::make_shared<TendermintHistory>(
        node.storage(), walletStorageId(node.keys()) + "/" + p.ticker + "/"));
    Executor& executor = node.executor();
    out.on_registered = [platform, &executor] {
      startTendermintHistoryLoop(platform, executor, platform->stopToken());
    };
  }
  out.result = std::move(result);
  out.coins.push_back(platform);
  for (auto& token : tokens) out.coins.push_back(token);
  co_return out;
}

// KDF reports an unreachable node at activation as PlatformCoinCreationError, not Transport.
Task<ActivatedCoins> activatePlatform(Node& node, const CoinEntry& entry,
                                      TendermintActivationParams p,
                                      std::shared_ptr<RpcTaskHandle> handle) {
  const std::string ticker = p.ticker;
  std::optional<std::string> failure;
  ActivatedCoins out;
  try {
    out = co_await connectPlatform(node, entry, std::move(p), std::move(handle));
  } catch (const TransportFailure& e) {
    failure = std::string("RpcError: ") + e.summary + ": " + e.what();
  }
  if (failure) throwPlatformCreationError(ticker, *failure);
  co_return out;
}

class TendermintPlatformActivator : public CoinActivator<TendermintActivationParams> {
 public:
  bool serves(const CoinEntry& entry) const override { return entry.protocol_type == "TENDERMINT"; }
  void check(Node& node, const CoinEntry& entry,
             const TendermintActivationParams& p) const override {
    checkedChain(node, entry, p);
  }
  Task<ActivatedCoins> activate(Node& node, const CoinEntry& entry, TendermintActivationParams p,
                                std::shared_ptr<RpcTaskHandle> handle) const override {
    return activatePlatform(node, entry, std::move(p), std::move(handle));
  }
};

// Every token of the request must be inactive too (or kept by a passive platform, which this
// activation replaces).
void tokensNotActive(Node& node, const TendermintActivationParams& p) {
  for (const TendermintTokenRequest& token : p.tokens_params)
    throwIfTokenActive(node, token.ticker);
}

void replacePassive(Node& node, const TendermintActivationParams& p) {
  replacePassivePlatform(node, p.ticker);
}

const TendermintPlatformActivator kPlatformActivator;

template <typename Params>
const CoinActivator<Params>* ifTendermint(const CoinFamily& family,
                                          const CoinActivator<Params>& activator) {
  return dynamic_cast<const TendermintFamily*>(&family) != nullptr ? &activator : nullptr;
}

const ActivationRoute<TendermintActivationParams, EnablePlatformError>& platformRoute() {
  static const ActivationRoute<TendermintActivationParams, EnablePlatformError> route(
      platformActivationWords(),
      [](const CoinFamily& family) {
        return ifTendermint<TendermintActivationParams>(family, kPlatformActivator);
      },
      {&tokensNotActive, &replacePassive});
  return route;
}

void checkTaskInit(RequestContext& ctx, const TendermintActivationParams& p) {
  platformRoute().check(ctx.node, p);
}

Task<Json> runTask(Node& node, TendermintActivationParams p,
                   std::shared_ptr<RpcTaskHandle> handle) {
  co_return co_await platformRoute().run(node, std::move(p), std::move(handle));
}

Task<Json> enableTendermintWithAssets(RequestContext& ctx, TendermintActivationParams p) {
  co_return co_await platformRoute().run(ctx.node, std::move(p), std::make_shared<RpcTaskHandle>());
}

// enable_tendermint_token: {ticker, activation_params (required, its content ignored), protocol?}.
struct TendermintTokenParams {
  std::string ticker;
  Json activation_params;
  std::optional<Json> protocol;
  static const ObjectSchema<TendermintTokenParams>& schema() {
    using P = TendermintTokenParams;
    static const auto s =
        ObjectSchema<P>()
            .required("ticker", &P::ticker)
            .required("activation_params", &P::activation_params, "its content is ignored, as KDF")
            .optional("protocol", &P::protocol,
                      "accepted; walletd takes the token from the coins file");
    return s;
  }
  static std::string tsType() { return "TendermintTokenParams"; }
};

class TendermintTokenActivator : public CoinActivator<TendermintTokenParams> {
 public:
  bool serves(const CoinEntry& entry) const override {
    return entry.protocol_type == "TENDERMINTTOKEN";
  }
  Task<ActivatedCoins> activate(Node& node, const CoinEntry& entry, TendermintTokenParams p,
                                std::shared_ptr<RpcTaskHandle>) const override {
    const TendermintTokenConfig config = readTendermintToken(entry);
    auto active = node.activeCoins().find(config.platform);
    if (!active) {
      throw rpcError(EnableTokenError::PlatformCoinIsNotActivated,
                     "Platform coin " + config.platform + " is not activated",
                     Json(config.platform));
    }
    auto platform = std::dynamic_pointer_cast<TendermintPlatform>(active);
    if (!platform) {
      const std::string message = config.platform + " is not a Tendermint platform for " + p.ticker;
      throw rpcError(EnableTokenError::PlatformCoinMismatch, message, Json(message));
    }
    auto token = std::make_shared<TendermintToken>(config, platform);
    std::optional<std::string> failure;
    UInt256 units;
    try {
      units = co_await platform->balanceOf(config.denom);
    } catch (const TransportFailure& e) {
      failure = e.summary + ": " + e.what();
    }
    if (failure) throw rpcError(EnableTokenError::CouldNotFetchBalance, *failure, Json(*failure));
    ActivatedCoins out;
    out.result = Json{{"balances", {{platform->myAddress(), balanceJson(units, config.decimals)}}},
                      {"platform_coin", platform->ticker()}};
    out.coins.push_back(token);
    co_return out;
  }
};

const TendermintTokenActivator kTokenActivator;

const ActivationRoute<TendermintTokenParams, EnableTokenError>& tokenRoute() {
  static const ActivationRoute<TendermintTokenParams, EnableTokenError> route(
      tokenActivationWords(), [](const CoinFamily& family) {
        return ifTendermint<TendermintTokenParams>(family, kTokenActivator);
      });
  return route;
}

Task<Json> enableTendermintToken(RequestContext& ctx, TendermintTokenParams p) {
  co_return co_await tokenRoute().run(ctx.node, std::move(p), std::make_shared<RpcTaskHandle>());
}

constexpr const char* kResultDoc =
    "{ ticker: string; address: string; current_block: number; balance?: BalanceInfo; "
    "tokens_balances?: Record<string, BalanceInfo>; tokens_tickers?: string[] }";

}  // namespace

void registerTendermintActivation(MethodTable& t) {
  t.declare("TendermintActivationParams", TendermintActivationParams::schema().ts());
  t.declare("TendermintTokenParams", TendermintTokenParams::schema().ts());
  t.add({"enable_tendermint_with_assets", kResultDoc, MethodAccess::Protected,
         typedHandler(&enableTendermintWithAssets), nullptr});
  addRpcTaskMethods<TendermintActivationParams>(t, "enable_tendermint", kResultDoc, &checkTaskInit,
                                                &runTask);
  t.add({"enable_tendermint_token",
         "{ balances: Record<string, BalanceInfo>; platform_coin: string }",
         MethodAccess::Protected, typedHandler(&enableTendermintToken), nullptr});
}

}  // namespace walletd

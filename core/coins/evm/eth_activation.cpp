// EVM activation.
#include "core/coins/evm/eth_activation.h"

#include "core/coins/evm/eth_activation_errors.h"
#include "core/coins/evm/evm_coins.h"
#include "core/coins/node_errors.h"
#include "core/encoding/encoding_error.h"
#include "core/encoding/hex.h"
#include "core/node/node.h"

namespace walletd {
namespace {

// An EVM address in a params field (swap contracts); InvalidRequest naming the field otherwise.
void checkAddressField(const std::string& address, const std::string& path) {
  try {
    parseEthAddress(address, false);
  } catch (const EncodingError& e) {
    throwInvalidParams(path + ": " + e.what());
  }
}

struct TokenRequest {
  std::string ticker;
  std::optional<std::uint32_t> required_confirmations;
  static TokenRequest fromJson(const Json& value, const std::string& path) {
    ParamsReader r(value, path, false);
    TokenRequest t{r.required<std::string>("ticker"),
                   r.optional<std::uint32_t>("required_confirmations")};
    r.optional<Json>(
        "protocol");  // KDF accepts an inline protocol; the coins file is authoritative
    r.rejectUnknown();
    return t;
  }
};

struct EthActivationParams {
  std::string ticker;
  std::vector<CoinNode> nodes;
  std::vector<TokenRequest> tokens;
  bool get_balances = true;
  std::optional<std::uint32_t> required_confirmations;
  std::string priv_key_policy = "ContextPrivKey";
  bool hd_params = false;

  static EthActivationParams parse(ParamsReader& r) {
    EthActivationParams p;
    p.ticker = r.required<std::string>("ticker");
    const Json nodes = r.required<Json>("nodes");
    if (!nodes.is_array())
      throwInvalidParams(r.fieldPath("nodes") + ": invalid type: expected an array of nodes");
    for (std::size_t i = 0; i < nodes.size(); ++i) {
      p.nodes.push_back(
          CoinNode::fromJson(nodes[i], r.fieldPath("nodes") + "[" + std::to_string(i) + "]"));
    }
    if (auto tokens = r.optional<Json>("erc20_tokens_requests")) {
      if (!tokens->is_array())
        throwInvalidParams(r.fieldPath("erc20_tokens_requests") +
                           ": invalid type: expected an array");
      for (std::size_t i = 0; i < tokens->size(); ++i) {
        p.tokens.push_back(TokenRequest::fromJson(
            (*tokens)[i], r.fieldPath("erc20_tokens_requests") + "[" + std::to_string(i) + "]"));
      }
    }
    p.get_balances = r.optionalOr<bool>("get_balances", true);
    p.required_confirmations = r.optional<std::uint32_t>("required_confirmations");
    r.optional<bool>("requires_notarization");
    r.optional<bool>("tx_history");
    r.optional<bool>("contract_supports_watchers");
    r.optional<std::uint32_t>("mm2");
    if (auto mode = r.optional<std::string>("rpc_mode"); mode && *mode != "Default") {
      throwInvalidParams(r.fieldPath("rpc_mode") + ": unknown variant `" + mode->substr(0, 100) +
                         "`, expected `Default`");
    }
    for (const char* address_field : {"swap_contract_address", "fallback_swap_contract"}) {
      if (auto address = r.optional<std::string>(address_field)) {
        checkAddressField(*address, r.fieldPath(address_field));
      }
    }
    if (auto contracts = r.optional<Json>("swap_v2_contracts")) {
      ParamsReader v2(*contracts, r.fieldPath("swap_v2_contracts"), false);
      for (const char* key :
           {"maker_swap_v2_contract", "taker_swap_v2_contract", "nft_maker_swap_v2_contract"}) {
        if (auto address = v2.optional<std::string>(key)) {
          checkAddressField(*address, v2.fieldPath(key));
        }
      }
      v2.rejectUnknown();
    }
    if (auto policy = r.optional<Json>("priv_key_policy")) {
      ParamsReader pk(*policy, r.fieldPath("priv_key_policy"), false);
      p.priv_key_policy = pk.required<std::string>("type");
      pk.optional<Json>("params");
      pk.rejectUnknown();
    }
    if (auto path = r.optional<Json>("path_to_address")) {
      AddressPath::fromJson(*path, r.fieldPath("path_to_address"));
      p.hd_params = true;
    }
    r.optional<std::uint32_t>("gap_limit");
    r.optional<std::uint32_t>("min_addresses_number");
    if (auto scan = r.optional<std::string>("scan_policy");
        scan && *scan != "do_not_scan" && *scan != "scan_if_new_wallet" && *scan != "scan") {
      throwInvalidParams(r.fieldPath("scan_policy") + ": unknown variant `" + scan->substr(0, 100) +
                         "`, expected `do_not_scan`, `scan_if_new_wallet` or `scan`");
    }
    r.optional<Json>("nft_req");
    return p;
  }
};

std::string protocolOf(const CoinEntry& entry) {
  return entry.protocol_type.empty() ? "none" : entry.protocol_type;
}

std::uint64_t chainIdOf(const CoinEntry& entry) {
  const Json& conf = entry.conf;
  if (conf.contains("chain_id") && conf["chain_id"].is_number_unsigned())
    return conf["chain_id"].get<std::uint64_t>();
  const Json data = conf["protocol"].value("protocol_data", Json::object());
  if (data.is_object() && data.contains("chain_id") && data["chain_id"].is_number_unsigned()) {
    return data["chain_id"].get<std::uint64_t>();
  }
  throw rpcError(EnablePlatformError::PlatformCoinCreationError,
                 "Platform coin " + entry.ticker + " has no chain_id",
                 Json{{"ticker", entry.ticker}, {"error", "no chain_id in the coins file"}});
}

struct TokenPlan {
  std::string ticker;
  EthAddress contract;
  unsigned decimals;
  std::uint32_t required_confirmations;
};

TokenPlan planToken(const Node& node, const std::string& platform, const TokenRequest& request) {
  const CoinEntry* entry = node.coins().find(request.ticker);
  if (entry == nullptr) {
    throw rpcError(EnablePlatformError::TokenConfigIsNotFound,
                   "Token " + request.ticker + " config is not found", Json(request.ticker));
  }
  const Json data = entry->conf["protocol"].value("protocol_data", Json::object());
  if (entry->protocol_type != "ERC20" || !data.is_object() ||
      data.value("platform", "") != platform) {
    throw rpcError(
        EnablePlatformError::UnexpectedTokenProtocol,
        "Unexpected token protocol " + protocolOf(*entry) + " for " + request.ticker,
        Json{{"ticker", request.ticker}, {"protocol", entry->conf.value("protocol", Json())}});
  }
  TokenPlan plan;
  plan.ticker = request.ticker;
  try {
    plan.contract = parseEthAddress(data.value("contract_address", ""), false);
  } catch (const EncodingError& e) {
    throw rpcError(EnablePlatformError::UnexpectedTokenProtocol,
                   std::string("Invalid contract address: ") + e.what(),
                   Json{{"ticker", request.ticker}, {"protocol", entry->conf["protocol"]}});
  }
  plan.decimals = entry->conf.contains("decimals") && entry->conf["decimals"].is_number_unsigned()
                      ? entry->conf["decimals"].get<unsigned>()
                      : 18;
  plan.required_confirmations = request.required_confirmations.value_or(3);
  return plan;
}

// Runs `task`, turning "no node answered" into the family's Transport error.

Json addressInfo(const EthPlatform& coin) {
  Json info = Json::object();
  info["derivation_method"] = DerivationMethod{DerivationMethod::Type::Iguana}.toJson();
  info["pubkey"] = toHex(coin.publicKey().uncompressed());  // 04 || X || Y
  return info;
}

Task<Json> enableEthWithTokens(RequestContext& ctx, EthActivationParams p) {
  Node& node = ctx.node;
  if (node.activeCoins().find(p.ticker)) {
    throw rpcError(EnablePlatformError::PlatformIsAlreadyActivated, p.ticker, Json(p.ticker));
  }
  const CoinEntry* entry = node.coins().find(p.ticker);
  if (entry == nullptr) {
    throw rpcError(EnablePlatformError::PlatformConfigIsNotFound,
                   "Platform " + p.ticker + " config is not found", Json(p.ticker));
  }
  if (entry->protocol_type != "ETH") {
    throw rpcError(EnablePlatformError::UnexpectedPlatformProtocol,
                   "Unexpected platform protocol " + protocolOf(*entry) + " for " + p.ticker,
                   Json{{"ticker", p.ticker}, {"protocol", entry->conf.value("protocol", Json())}});
  }
  if (p.nodes.empty()) {
    const std::string message = "Enable request for ETH coin must have at least 1 node";
    throw rpcError(EnablePlatformError::AtLeastOneNodeRequired, message, Json(message));
  }
  if (p.priv_key_policy != "ContextPrivKey") {
    const std::string message =
        "priv_key_policy " + p.priv_key_policy.substr(0, 60) + " is not available on this host";
    throw rpcError(EnablePlatformError::PrivKeyPolicyNotAllowed, message, Json(message));
  }
  if (node.keys().mode() == WalletKeys::Mode::HD || p.hd_params) {
    const std::string message = "HD activation of EVM coins is not implemented in this build yet";
    throw rpcError(EnablePlatformError::UnexpectedDerivationMethod, message, Json(message));
  }
  if (node.keys().mode() == WalletKeys::Mode::NoLogin) {
    const std::string message =
        "no wallet is open: start walletd with a passphrase or a wallet_name";
    throw rpcError(EnablePlatformError::Internal, message, Json(message));
  }
  std::vector<TokenPlan> tokens;
  for (const TokenRequest& request : p.tokens) {
    if (node.activeCoins().find(request.ticker)) {
      throw rpcError(EnablePlatformError::InvalidPayload,
                     "Token " + request.ticker + " is already activated",
                     Json("Token " + request.ticker + " is already activated"));
    }
    tokens.push_back(planToken(node, p.ticker, request));
  }
  const std::uint64_t chain_id = chainIdOf(*entry);
  const int max_tx_type = entry->conf.value("max_eth_tx_type", 0);
  auto platform =
      std::make_shared<EthPlatform>(p.ticker, chain_id, max_tx_type,
                                    JsonRpcClient(node.http(), p.nodes), node.keys().iguanaKey());

  const Json node_chain = co_await overNodes(platform->rpc().call("eth_chainId", Json::array()),
                                             EnablePlatformError::Transport);
  const auto node_chain_id = node_chain.is_string()
                                 ? UInt256::fromHexQuantity(node_chain.get<std::string>())
                                 : std::nullopt;
  if (!node_chain_id || *node_chain_id != UInt256(chain_id)) {
    const std::string error = "the node answers chain id " + node_chain.dump().substr(0, 40) +
                              " but the coins file says " + std::to_string(chain_id);
    throw rpcError(EnablePlatformError::PlatformCoinCreationError,
                   "Platform coin " + p.ticker + " creation failed: " + error,
                   Json{{"ticker", p.ticker}, {"error", error}});
  }
  const std::uint64_t current_block =
      co_await overNodes(platform->currentBlock(), EnablePlatformError::Transport);

  Json eth_info = addressInfo(*platform);
  Json token_info = addressInfo(*platform);
  std::vector<std::shared_ptr<Erc20Token>> token_coins;
  for (const TokenPlan& plan : tokens) {
    token_coins.push_back(std::make_shared<Erc20Token>(plan.ticker, platform, plan.contract,
                                                       plan.decimals, plan.required_confirmations));
  }
  if (p.get_balances) {
    const UInt256 wei = co_await overNodes(platform->balanceWei(), EnablePlatformError::Transport);
    eth_info["balances"] = spendableBalance(wei, 18).toJson();
    Json balances = Json::object();
    for (const auto& token : token_coins) {
      const UInt256 units = co_await overNodes(platform->tokenBalance(token->contract()),
                                               EnablePlatformError::Transport);
      balances[token->ticker()] = spendableBalance(units, token->decimals()).toJson();
    }
    token_info["balances"] = std::move(balances);
  } else {
    eth_info["tickers"] = Json::array({p.ticker});
    Json tickers = Json::array();
    for (const auto& token : token_coins) tickers.push_back(token->ticker());
    token_info["tickers"] = std::move(tickers);
  }
  // Registered only after every node call succeeded: a failed activation leaves nothing behind.
  node.activeCoins().add(platform);
  for (auto& token : token_coins) node.activeCoins().add(token);

  const std::string address = platform->myAddress();
  Json out = Json::object();
  out["current_block"] = current_block;
  out["eth_addresses_infos"] = Json{{address, std::move(eth_info)}};
  out["erc20_addresses_infos"] = Json{{address, std::move(token_info)}};
  out["nfts_infos"] = Json::object();
  co_return out;
}

}  // namespace

void registerEthActivationMethods(MethodTable& t) {
  t.add({"enable_eth_with_tokens",
         "{ticker, nodes: [{url, komodo_proxy?}], erc20_tokens_requests?: [{ticker, "
         "required_confirmations?}], "
         "get_balances = true, required_confirmations?, priv_key_policy?, swap_contract_address?, "
         "...}",
         "{current_block, eth_addresses_infos, erc20_addresses_infos, nfts_infos}",
         MethodAccess::Protected, typedHandler(&enableEthWithTokens), nullptr});
}

}  // namespace walletd

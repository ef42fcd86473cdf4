// EVM platform activation: enable_eth_with_tokens and its task form task::enable_eth::*. The
// steps, in order: checks that need no node (answered by init at once), keys (the Iguana key, or
// the HD wallet with its stored accounts), the node's chain id against the coins file, the
// current block, balances (HD: scan first, per scan_policy), and last the registration — after a
// cancellation check, so a failed or cancelled activation leaves nothing registered.
#include "core/coins/evm/eth_activation.h"

#include "core/coins/evm/erc20_token_plan.h"
#include "core/coins/evm/eth_activation_errors.h"
#include "core/coins/evm/eth_activation_params.h"
#include "core/coins/evm/eth_hd_balance.h"
#include "core/coins/node_errors.h"
#include "core/crypto/hashes.h"
#include "core/encoding/encoding_error.h"
#include "core/encoding/hex.h"
#include "core/rpc/rpc_task_methods.h"

namespace walletd {
namespace {

[[noreturn]] void creationError(const std::string& ticker, const std::string& error) {
  throw rpcError(EnablePlatformError::PlatformCoinCreationError,
                 "Platform coin " + ticker + " creation failed: " + error,
                 Json{{"ticker", ticker}, {"error", error}});
}

[[noreturn]] void invalidPayload(const std::string& message) {
  throw rpcError(EnablePlatformError::InvalidPayload, message, Json(message));
}

std::uint64_t chainIdOf(const CoinEntry& entry) {
  const Json& conf = entry.conf;
  if (conf.contains("chain_id") && conf["chain_id"].is_number_unsigned())
    return conf["chain_id"].get<std::uint64_t>();
  const Json data = conf["protocol"].value("protocol_data", Json::object());
  if (data.is_object() && data.contains("chain_id") && data["chain_id"].is_number_unsigned()) {
    return data["chain_id"].get<std::uint64_t>();
  }
  creationError(entry.ticker, "no chain_id in the coins file");
}

// Everything that needs no node (answered by `init` itself in the task form); returns the token
// plans.
std::vector<Erc20TokenPlan> checkActivation(Node& node, const EthActivationParams& p) {
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
  if (node.keys().mode() == WalletKeys::Mode::NoLogin) {
    const std::string message =
        "no wallet is open: start walletd with a passphrase or a wallet_name";
    throw rpcError(EnablePlatformError::Internal, message, Json(message));
  }
  std::vector<Erc20TokenPlan> plans;
  for (const TokenRequest& request : p.tokens) {
    if (node.activeCoins().find(request.ticker)) {
      invalidPayload("Token " + request.ticker + " is already activated");
    }
    plans.push_back(planErc20Token(node, p.ticker, request.ticker, request.required_confirmations));
  }
  return plans;
}

std::string walletId(const Node& node) {
  return toHex(hash160(node.keys().internalPublicKey().compressed()));
}

// The platform's keys: the Iguana key, or the HD wallet (stored accounts, plus the
// path_to_address account) with path_to_address as the activated address.
struct PlatformKeys {
  EvmSigner signer;
  std::shared_ptr<EvmHdWallet> hd;
  bool new_wallet = false;
};

Task<PlatformKeys> platformKeys(Node& node, const CoinEntry& entry, const EthActivationParams& p) {
  PlatformKeys out;
  if (node.keys().mode() != WalletKeys::Mode::HD) {
    out.signer = EvmSigner::fromKey(node.keys().iguanaKey(), "");
    co_return out;
  }
  const Json path_json = entry.conf.value("derivation_path", Json());
  DerivationPath coin_path;
  try {
    if (!path_json.is_string()) throw EncodingError("the coins file has no derivation_path");
    coin_path = DerivationPath::parse(path_json.get<std::string>());
  } catch (const EncodingError& e) {
    creationError(p.ticker, std::string("HD mode needs the coin's derivation_path: ") + e.what());
  }
  const AddressPath& target = p.path_to_address;
  if (target.chain.value_or(Bip44Chain::External) != Bip44Chain::External) {
    invalidPayload("path_to_address: EVM HD wallets use the External chain only");
  }
  const std::uint32_t address_id = target.address_id.value_or(0);
  std::vector<HdAccountRecord> records =
      co_await HdAccountStore(node.storage(), walletId(node)).load(p.ticker);
  out.new_wallet = records.empty();
  out.hd = std::make_shared<EvmHdWallet>(node.keys(), coin_path, std::move(records));
  if (target.derivation_path &&
      target.derivation_path->str() != out.hd->addressPath(target.account_id, address_id).str()) {
    invalidPayload("path_to_address: derivation_path " + target.derivation_path->str() +
                   " does not match account_id / chain / address_id (" +
                   out.hd->addressPath(target.account_id, address_id).str() + ")");
  }
  out.hd->ensureAccount(0);  // KDF creates the first account of a new wallet
  out.hd->ensureAddresses(target.account_id,
                          std::max(address_id + 1, p.min_addresses_number.value_or(0)));
  out.signer = out.hd->signerAt(target.account_id, address_id);
  co_return out;
}

Json iguanaAddressInfo(const EthPlatform& coin) {
  Json info = Json::object();
  info["derivation_method"] = DerivationMethod{DerivationMethod::Type::Iguana}.toJson();
  info["pubkey"] = toHex(coin.signer().public_key.uncompressed());  // 04 || X || Y
  return info;
}

// KDF's Iguana answer: the address's ETH balance and token balances (or tickers).
Task<Json> iguanaResult(EthPlatform& platform,
                        const std::vector<std::shared_ptr<Erc20Token>>& tokens, bool get_balances,
                        std::uint64_t current_block) {
  Json eth_info = iguanaAddressInfo(platform);
  Json token_info = iguanaAddressInfo(platform);
  if (get_balances) {
    const UInt256 wei = co_await platform.balanceWei();
    eth_info["balances"] = spendableBalance(wei, 18).toJson();
    Json balances = Json::object();
    for (const auto& token : tokens) {
      const UInt256 units = co_await platform.tokenBalance(token->contract());
      balances[token->ticker()] = spendableBalance(units, token->decimals()).toJson();
    }
    token_info["balances"] = std::move(balances);
  } else {
    eth_info["tickers"] = Json::array({platform.ticker()});
    Json tickers = Json::array();
    for (const auto& token : tokens) tickers.push_back(token->ticker());
    token_info["tickers"] = std::move(tickers);
  }
  const std::string address = platform.myAddress();
  Json out = Json::object();
  out["current_block"] = current_block;
  out["eth_addresses_infos"] = Json{{address, std::move(eth_info)}};
  out["erc20_addresses_infos"] = Json{{address, std::move(token_info)}};
  out["nfts_infos"] = Json::object();
  co_return out;
}

Task<Json> activateEth(Node& node, EthActivationParams p, std::shared_ptr<RpcTaskHandle> handle) {
  const std::vector<Erc20TokenPlan> plans = checkActivation(node, p);
  const CoinEntry& entry = *node.coins().find(p.ticker);
  const std::uint64_t chain_id = chainIdOf(entry);
  PlatformKeys keys = co_await platformKeys(node, entry, p);
  auto platform = std::make_shared<EthPlatform>(
      p.ticker, chain_id, entry.conf.value("max_eth_tx_type", 0),
      JsonRpcClient(node.http(), p.nodes), std::move(keys.signer), keys.hd, node.executor());

  const Json node_chain = co_await platform->rpc().call("eth_chainId", Json::array());
  const auto node_chain_id = node_chain.is_string()
                                 ? UInt256::fromHexQuantity(node_chain.get<std::string>())
                                 : std::nullopt;
  if (!node_chain_id || *node_chain_id != UInt256(chain_id)) {
    creationError(p.ticker, "the node answers chain id " + node_chain.dump().substr(0, 40) +
                                " but the coins file says " + std::to_string(chain_id));
  }
  const std::uint64_t current_block = co_await platform->currentBlock();
  std::vector<std::shared_ptr<Erc20Token>> tokens;
  for (const Erc20TokenPlan& plan : plans) {
    tokens.push_back(std::make_shared<Erc20Token>(plan.ticker, platform, plan.contract,
                                                  plan.decimals, plan.required_confirmations));
  }

  handle->setProgress("RequestingWalletBalance");
  Json out;
  if (keys.hd) {
    const bool scan = p.scan_policy == ScanPolicy::Scan ||
                      (p.scan_policy == ScanPolicy::ScanIfNewWallet && keys.new_wallet);
    if (scan) co_await scanHdAccounts(*platform, tokens, p.gap_limit);
    const WalletBalanceInfo balance = co_await hdWalletBalance(*platform, tokens);
    out = Json::object();
    out["current_block"] = current_block;
    out["ticker"] = p.ticker;
    out["wallet_balance"] = balance.toJson();
    out["nfts_infos"] = Json::object();
  } else {
    out = co_await iguanaResult(*platform, tokens, p.get_balances, current_block);
  }

  handle->setProgress("Finishing");
  handle->throwIfCancelled();
  if (keys.hd) {
    co_await HdAccountStore(node.storage(), walletId(node)).save(p.ticker, keys.hd->accounts());
    handle->throwIfCancelled();
  }
  // Checked again: another activation of the same coins may have finished meanwhile.
  checkActivation(node, p);
  node.activeCoins().add(platform);
  for (auto& token : tokens) node.activeCoins().add(token);
  co_return out;
}

Task<Json> activateEthTask(Node& node, EthActivationParams p,
                           std::shared_ptr<RpcTaskHandle> handle) {
  co_return co_await overNodes(activateEth(node, std::move(p), std::move(handle)),
                               EnablePlatformError::Transport);
}

Task<Json> enableEthWithTokens(RequestContext& ctx, EthActivationParams p) {
  co_return co_await activateEthTask(ctx.node, std::move(p), std::make_shared<RpcTaskHandle>());
}

void checkEthInit(RequestContext& ctx, const EthActivationParams& p) {
  checkActivation(ctx.node, p);
}

constexpr const char* kEthParamsDoc =
    "{ticker, nodes: [{url, komodo_proxy?}], erc20_tokens_requests?: [{ticker, "
    "required_confirmations?}], get_balances = true, required_confirmations?, priv_key_policy?, "
    "swap_contract_address?, path_to_address?, gap_limit = 20, scan_policy?, "
    "min_addresses_number?, ...}";
constexpr const char* kEthResultDoc =
    "Iguana {current_block, eth_addresses_infos, erc20_addresses_infos, nfts_infos} | HD "
    "{current_block, ticker, wallet_balance, nfts_infos}";

}  // namespace

void registerEthActivationMethods(MethodTable& t) {
  t.add({"enable_eth_with_tokens", kEthParamsDoc, kEthResultDoc, MethodAccess::Protected,
         typedHandler(&enableEthWithTokens), nullptr});
  addRpcTaskMethods<EthActivationParams>(t, "enable_eth", kEthParamsDoc, kEthResultDoc,
                                         &checkEthInit, &activateEthTask);
}

}  // namespace walletd

// EVM platform activation (enable_eth_with_tokens / task::enable_eth::*, routed here by protocol
// type ETH). The steps, in order: checks that need no node (answered by init at once), keys (the
// Iguana key, or the HD wallet with its stored accounts), the node's chain id against the coins
// file, the current block, balances (HD: scan first, per scan_policy), and the HD accounts saved.
// The shared entry point registers the coins after a cancellation check.
#include "core/coins/evm/erc20_token_plan.h"
#include "core/coins/evm/eth_hd_balance.h"
#include "core/coins/evm/evm_family.h"
#include "core/coins/iguana_activation_result.h"
#include "core/coins/platform_activation_errors.h"
#include "core/crypto/hashes.h"
#include "core/encoding/encoding_error.h"
#include "core/encoding/hex.h"
#include "core/node/node.h"

namespace walletd {
namespace {

std::uint64_t chainIdOf(const CoinEntry& entry) {
  if (auto id = entry.unsignedInt("chain_id")) return *id;
  if (auto id = entry.protocolUnsigned("chain_id")) return *id;
  throwPlatformCreationError(entry.ticker, "no chain_id in the coins file");
}

// An EVM address in a params field (swap contracts); InvalidRequest naming the field otherwise.
void checkAddressField(const std::optional<std::string>& address, const std::string& path) {
  if (!address) return;
  try {
    parseEthAddress(*address, false);
  } catch (const EncodingError& e) {
    throwInvalidParams(path + ": " + e.what());
  }
}

void checkSwapContracts(const PlatformActivationParams& p) {
  checkAddressField(p.swap_contract_address, "params.swap_contract_address");
  checkAddressField(p.fallback_swap_contract, "params.fallback_swap_contract");
  if (!p.swap_v2_contracts.is_object()) return;
  for (const char* key :
       {"maker_swap_v2_contract", "taker_swap_v2_contract", "nft_maker_swap_v2_contract"}) {
    if (!p.swap_v2_contracts.contains(key)) continue;
    const std::string path = std::string("params.swap_v2_contracts.") + key;
    checkAddressField(decodeString(p.swap_v2_contracts[key], path), path);
  }
}

std::vector<Erc20TokenPlan> tokenPlans(Node& node, const PlatformActivationParams& p) {
  std::vector<Erc20TokenPlan> plans;
  for (const TokenRequest& request : p.tokens) {
    plans.push_back(planErc20Token(node.coins().find(request.ticker), p.ticker, request.ticker,
                                   request.required_confirmations));
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

Task<PlatformKeys> platformKeys(Node& node, const CoinEntry& entry,
                                const PlatformActivationParams& p) {
  PlatformKeys out;
  if (node.keys().mode() != WalletKeys::Mode::HD) {
    out.signer = EvmSigner::fromKey(node.keys().iguanaKey(), "");
    co_return out;
  }
  const auto path_text = entry.string("derivation_path");
  DerivationPath coin_path;
  try {
    if (!path_text) throw EncodingError("the coins file has no derivation_path");
    coin_path = DerivationPath::parse(*path_text);
  } catch (const EncodingError& e) {
    throwPlatformCreationError(
        p.ticker, std::string("HD mode needs the coin's derivation_path: ") + e.what());
  }
  const AddressPath& target = p.path_to_address;
  if (target.chain.value_or(Bip44Chain::External) != Bip44Chain::External) {
    throwInvalidPayload("path_to_address: EVM HD wallets use the External chain only");
  }
  const std::uint32_t address_id = target.address_id.value_or(0);
  std::vector<HdAccountRecord> records =
      co_await HdAccountStore(node.storage(), walletId(node)).load(p.ticker);
  out.new_wallet = records.empty();
  out.hd = std::make_shared<EvmHdWallet>(node.keys(), coin_path, std::move(records));
  if (target.derivation_path &&
      target.derivation_path->str() != out.hd->addressPath(target.account_id, address_id).str()) {
    throwInvalidPayload("path_to_address: derivation_path " + target.derivation_path->str() +
                        " does not match account_id / chain / address_id (" +
                        out.hd->addressPath(target.account_id, address_id).str() + ")");
  }
  out.hd->ensureAccount(0);  // KDF creates the first account of a new wallet
  out.hd->ensureAddresses(target.account_id,
                          std::max(address_id + 1, p.min_addresses_number.value_or(0)));
  out.signer = out.hd->signerAt(target.account_id, address_id);
  co_return out;
}

}  // namespace

void EthPlatformActivator::check(Node& node, const CoinEntry&,
                                 const PlatformActivationParams& p) const {
  checkSwapContracts(p);  // a params error, answered before the other refusals as KDF's serde does
  if (p.nodes.empty()) {
    const std::string message = "Enable request for ETH coin must have at least 1 node";
    throw rpcError(EnablePlatformError::AtLeastOneNodeRequired, message, Json(message));
  }
  if (p.priv_key_policy.type != "ContextPrivKey") {
    const std::string message = "priv_key_policy " + p.priv_key_policy.type.substr(0, 60) +
                                " is not available on this host";
    throw rpcError(EnablePlatformError::PrivKeyPolicyNotAllowed, message, Json(message));
  }
  tokenPlans(node, p);
}

Task<ActivatedCoins> EthPlatformActivator::activate(Node& node, const CoinEntry& entry,
                                                    PlatformActivationParams p,
                                                    std::shared_ptr<RpcTaskHandle> handle) const {
  const std::vector<Erc20TokenPlan> plans = tokenPlans(node, p);
  const std::uint64_t chain_id = chainIdOf(entry);
  const auto max_tx_type = entry.unsignedInt("max_eth_tx_type").value_or(0);
  PlatformKeys keys = co_await platformKeys(node, entry, p);
  auto platform = std::make_shared<EthPlatform>(
      p.ticker, chain_id, max_tx_type > 2 ? 0 : static_cast<int>(max_tx_type),
      JsonRpcClient(node.http(), p.nodes, 15000, &node.clock()), std::move(keys.signer), keys.hd,
      node.executor(), node.clock());

  const Json node_chain = co_await platform->rpc().call("eth_chainId", Json::array());
  const auto node_chain_id = node_chain.is_string()
                                 ? UInt256::fromHexQuantity(node_chain.get<std::string>())
                                 : std::nullopt;
  if (!node_chain_id || *node_chain_id != UInt256(chain_id)) {
    throwPlatformCreationError(p.ticker,
                               "the node answers chain id " + node_chain.dump().substr(0, 40) +
                                   " but the coins file says " + std::to_string(chain_id));
  }
  const std::uint64_t current_block = co_await platform->currentBlock();
  std::vector<std::shared_ptr<Erc20Token>> tokens;
  for (const Erc20TokenPlan& plan : plans) {
    tokens.push_back(std::make_shared<Erc20Token>(plan.ticker, platform, plan.contract,
                                                  plan.decimals, plan.required_confirmations));
  }

  handle->setProgress("RequestingWalletBalance");
  ActivatedCoins out;
  if (keys.hd) {
    const bool scan = p.scan_policy == ScanPolicy::Scan ||
                      (p.scan_policy == ScanPolicy::ScanIfNewWallet && keys.new_wallet);
    if (scan) co_await scanHdAccounts(*platform, tokens, p.gap_limit);
    const WalletBalanceInfo balance = co_await hdWalletBalance(*platform, tokens);
    out.result = Json::object();
    out.result["current_block"] = current_block;
    out.result["ticker"] = p.ticker;
    out.result["wallet_balance"] = balance.toJson();
    out.result["nfts_infos"] = Json::object();
  } else {
    out.result = co_await iguanaActivationResult(
        *platform, std::vector<std::shared_ptr<ActiveCoin>>(tokens.begin(), tokens.end()),
        toHex(platform->signer().public_key.uncompressed()), p.get_balances, current_block);
  }

  handle->setProgress("Finishing");
  handle->throwIfCancelled();
  if (keys.hd)
    co_await HdAccountStore(node.storage(), walletId(node)).save(p.ticker, keys.hd->accounts());
  out.coins.push_back(platform);
  for (auto& token : tokens) out.coins.push_back(token);
  co_return out;
}

}  // namespace walletd

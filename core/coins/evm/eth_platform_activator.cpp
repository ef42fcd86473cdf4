// EVM platform activation (enable_eth_with_tokens / task::enable_eth::*, routed here by protocol
// type ETH). The steps, in order: checks that need no node (answered by init at once), keys (the
// Iguana key, or the HD wallet with its stored accounts), the node's chain id against the coins
// file, the current block, balances (HD: scan first, per scan_policy), and the HD accounts saved.
// The shared entry point registers the coins after a cancellation check.
#include "core/coins/account_chain_activation.h"
#include "core/coins/evm/browser_wallet.h"
#include "core/coins/evm/erc20_token_plan.h"
#include "core/coins/evm/eth_hd.h"
#include "core/coins/evm/evm_family.h"
#include "core/coins/evm/session_wallet_evm.h"
#include "core/coins/evm/trezor_evm_keys.h"
#include "core/coins/hd_platform_wallet.h"
#include "core/coins/iguana_activation_result.h"
#include "core/coins/platform_activation_errors.h"
#include "core/encoding/encoding_error.h"
#include "core/encoding/hex.h"
#include "core/hardware/trezor/hw_errors.h"
#include "core/hardware/trezor/trezor_context.h"
#include "core/node/node.h"
#include "core/walletconnect/wc_setup.h"

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

// Gasless relays are a TRON feature: KDF refuses their configuration on an EVM chain.
void checkNoGasless(const PlatformActivationParams& p) {
  if (!p.raw.is_object()) return;
  if (p.raw.contains("tron_gasless_provider") && !p.raw["tron_gasless_provider"].is_null())
    throwInvalidPayload("tron_gasless_provider is only supported on TRON chains");
  if (!p.raw.contains("erc20_tokens_requests") || !p.raw["erc20_tokens_requests"].is_array())
    return;
  for (const Json& request : p.raw["erc20_tokens_requests"]) {
    if (request.is_object() && request.contains("gasless") && !request["gasless"].is_null())
      throwInvalidPayload("Token gasless config is only supported on TRON chains");
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

// walletd's own key for the coin: the Iguana key, or the HD wallet's activated address.
KeccakAccountKey ownSigner(Node& node, const std::optional<HdPlatformWallet>& hd) {
  if (hd) return hd->hd->keccakKeyAt(hd->activated);
  return KeccakAccountKey::fromKey(node.keys().iguanaKey(), "");
}

// The Trezor the activation signs with (KDF's PrivKeyPolicy::Trezor): the coin must name its
// device coin (`trezor_coin`) and task::init_trezor must have connected a device. KDF's texts.
std::shared_ptr<trezor::TrezorConnection> trezorFor(Node& node, const CoinEntry& entry) {
  if (!entry.string("trezor_coin")) {
    const std::string message = "Coin does not support Trezor wallet";
    throw rpcError(EnablePlatformError::Internal, message, Json(message));
  }
  const std::shared_ptr<trezor::HwContext> hw = node.hardwareSlot();
  if (!hw || !hw->trezor) {
    const std::string message = "Hardware wallet is not initalised";
    throw rpcError(EnablePlatformError::Internal, message, Json(message));
  }
  return hw->trezor;
}

Task<void> loadAccountKeys(HdWallet& hd, std::shared_ptr<trezor::TrezorConnection> device,
                           Executor& executor, std::shared_ptr<RpcTaskHandle> handle) {
  for (const HdAccountRecord& account : hd.accounts())
    co_await trezorEthereumAccountKey(hd, device, executor, handle, account.account_id);
}

// Each known account's extended public key from the device (the HD wallet is public-only); the
// device's failures as KDF's (a missing device HwError, the rest Internal with their text).
Task<void> loadDeviceAccounts(HdWallet& hd, std::shared_ptr<trezor::TrezorConnection> device,
                              Executor& executor, std::shared_ptr<RpcTaskHandle> handle) {
  std::exception_ptr failure;
  try {
    co_await loadAccountKeys(hd, device, executor, handle);
  } catch (...) {
    failure = std::current_exception();
  }
  if (failure) {
    trezor::rethrowHwError(failure, [](const std::string& text) {
      return rpcError(EnablePlatformError::Internal, text, Json(text));
    });
  }
}

// The wallet's account, once it is on the coins file's chain (switched when it was not); its
// refusals (the user declining, no such chain) fail the activation with the reason.
Task<EthAddress> connectBrowserWallet(ExternalSigner& wallet, const std::string& ticker,
                                      std::uint64_t chain_id) {
  EthAddress account{};
  try {
    account = co_await browserWalletAccount(wallet);
    co_await browserWalletUseChain(wallet, chain_id);
  } catch (const ExternalSignerError& e) {
    throwPlatformCreationError(ticker, std::string("the browser wallet refused: ") + e.what() +
                                           " (EIP-1193 " + std::to_string(e.code) + ")");
  }
  co_return account;
}

// The session wallet's context and account for the chain (session_wallet_evm.h); every failure
// — no WalletConnect on this host, no such session, a chain the session lacks, a refusal,
// another signer — is KDF's WalletConnectError with the reason. (Two calls returning plain
// types: a coroutine returning them in one struct made clang 14 emit a wasm tail call.)
[[noreturn]] void throwWalletConnectError(const std::string& failure) {
  throw rpcError(EnablePlatformError::WalletConnectError, failure, Json(failure));
}

Task<std::shared_ptr<wc::Service>> sessionContext(Node& node) {
  std::shared_ptr<wc::Service> out;
  std::string failure;
  try {
    out = co_await walletConnectOf(node);
  } catch (const RpcError& e) {
    failure = std::string("Failed to get WalletConnect context: ") + e.what();
  }
  if (!out) throwWalletConnectError(failure);
  co_return out;
}

Task<KeccakAccountKey> sessionAccount(std::shared_ptr<wc::Service> wallet_connect,
                                      std::string topic, std::uint64_t chain_id) {
  std::optional<KeccakAccountKey> out;
  std::string failure;
  try {
    out = co_await authenticateSessionWallet(wallet_connect, topic, chain_id);
  } catch (const SessionWalletRefusal& e) {
    failure = e.what();
  }
  if (!out) throwWalletConnectError(failure);
  co_return std::move(*out);
}

}  // namespace

void EthPlatformActivator::check(Node& node, const CoinEntry&,
                                 const PlatformActivationParams& p) const {
  checkSwapContracts(p);  // a params error, answered before the other refusals as KDF's serde does
  if (p.nodes.empty()) {
    const std::string message = "Enable request for ETH coin must have at least 1 node";
    throw rpcError(EnablePlatformError::AtLeastOneNodeRequired, message, Json(message));
  }
  if (isBrowserWalletPolicy(p.priv_key_policy.type) && node.externalSigner() == nullptr) {
    const std::string message =
        "priv_key_policy " + p.priv_key_policy.type +
        " (a browser-extension wallet) is only available in the browser " +
        "host, given an EIP-1193 provider: createWalletd({ ethereumProvider })";
    throw rpcError(EnablePlatformError::PrivKeyPolicyNotAllowed, message, Json(message));
  }
  if (p.priv_key_policy.type != "ContextPrivKey" && !p.priv_key_policy.sessionWallet() &&
      !isBrowserWalletPolicy(p.priv_key_policy.type) && p.priv_key_policy.type != "Trezor") {
    const std::string message = "priv_key_policy " + p.priv_key_policy.type.substr(0, 60) +
                                " is not available on this host";
    throw rpcError(EnablePlatformError::PrivKeyPolicyNotAllowed, message, Json(message));
  }
  tokenPlans(node, p);
  checkNoGasless(p);
}

Task<ActivatedCoins> EthPlatformActivator::activate(Node& node, const CoinEntry& entry,
                                                    PlatformActivationParams p,
                                                    std::shared_ptr<RpcTaskHandle> handle) const {
  const std::vector<Erc20TokenPlan> plans = tokenPlans(node, p);
  const std::uint64_t chain_id = chainIdOf(entry);
  const auto max_tx_type = entry.unsignedInt("max_eth_tx_type").value_or(0);
  // A browser wallet's account; else the Iguana key, or the HD wallet with path_to_address as the
  // activated address. (Each co_await at function scope: GCC 12 mishandles locals in nested
  // blocks of a coroutine.)
  ExternalSigner* browser_wallet =
      isBrowserWalletPolicy(p.priv_key_policy.type) ? node.externalSigner() : nullptr;
  const bool session_wallet = p.priv_key_policy.sessionWallet();
  // A Trezor: always HD, public-only, the accounts stored under the device's id.
  std::shared_ptr<trezor::TrezorConnection> device;
  if (p.priv_key_policy.type == "Trezor") device = trezorFor(node, entry);
  std::optional<std::string> device_id;
  if (device) device_id = device->devicePubkey();
  std::optional<HdPlatformWallet> hd;
  if (!browser_wallet && !session_wallet && (device || node.keys().mode() == WalletKeys::Mode::HD))
    hd = co_await openHdPlatformWallet(node, entry, p, device_id);
  if (device) co_await loadDeviceAccounts(*hd->hd, device, node.executor(), handle);
  std::optional<EthAddress> wallet_account;
  if (browser_wallet)
    wallet_account = co_await connectBrowserWallet(*browser_wallet, p.ticker, chain_id);
  std::shared_ptr<wc::Service> wallet_connect;
  if (session_wallet) wallet_connect = co_await sessionContext(node);
  std::optional<KeccakAccountKey> session_account;
  if (wallet_connect)
    session_account =
        co_await sessionAccount(wallet_connect, p.priv_key_policy.session_topic, chain_id);
  KeccakAccountKey signer = browser_wallet    ? KeccakAccountKey()
                            : session_account ? *session_account
                                              : ownSigner(node, hd);
  if (wallet_account) signer.account = *wallet_account;
  auto platform = std::make_shared<EthPlatform>(
      p.ticker, chain_id, max_tx_type > 2 ? 0 : static_cast<int>(max_tx_type),
      JsonRpcClient(node.http(), p.nodes, 15000, &node.clock(), node.keys().p2pKey()),
      std::move(signer), hd ? hd->hd : nullptr, node.executor(), node.clock());
  if (browser_wallet) platform->useKeySource(browserWalletEvmKeys(*browser_wallet));
  if (device) platform->useKeySource(trezorEvmKeys(device, node.executor()));
  if (wallet_connect) {
    platform->useKeySource(sessionWalletEvmKeys(wallet_connect, p.priv_key_policy.session_topic,
                                                chain_id, node.executor()));
  }

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
  tokens.reserve(plans.size());
  for (const Erc20TokenPlan& plan : plans) {
    tokens.push_back(std::make_shared<Erc20Token>(plan.ticker, platform, plan.contract,
                                                  plan.decimals, plan.required_confirmations));
  }

  // A named local: a ?: temporary inside co_await is destroyed twice by GCC 12. A browser wallet
  // shares no public key.
  const std::string pubkey =
      browser_wallet ? std::string() : toHex(platform->signer().public_key.uncompressed());
  AccountChainFinish finish{current_block, pubkey, 18, ethAccountPeer(*platform)};
  std::shared_ptr<HdWallet> device_wallet = device ? hd->hd : nullptr;
  ActivatedCoins activated = co_await finishAccountChainActivation(
      node, platform, std::move(tokens), std::move(hd), std::move(p), handle, std::move(finish));
  if (device) {
    platform->hdChain()->setDeviceAccountLoader(
        trezorEvmAccountLoader(device, node.executor(), device_wallet));
    platform->hdChain()->setDeviceAddressShower(
        trezorEvmAddressShower(device, node.executor(), device_wallet));
  }
  co_return activated;
}

}  // namespace walletd

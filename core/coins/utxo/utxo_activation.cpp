// UTXO activation (task::enable_utxo::*).
#include "core/coins/utxo/utxo_activation.h"

#include "core/coins/activation_route.h"
#include "core/coins/hd_platform_wallet.h"
#include "core/coins/platform_activation_errors.h"
#include "core/coins/standalone_activation.h"
#include "core/coins/utxo/electrum/electrum_backend.h"
#include "core/coins/utxo/history/utxo_history.h"
#include "core/coins/utxo/native/native_backend.h"
#include "core/coins/utxo/trezor/trezor_utxo_activation.h"
#include "core/coins/utxo/trezor/trezor_utxo_keys.h"
#include "core/coins/utxo/utxo_activation_params.h"
#include "core/coins/utxo/utxo_coin.h"
#include "core/coins/utxo/utxo_family.h"
#include "core/coins/utxo/utxo_merge.h"
#include "core/node/node.h"
#include "core/rpc/rpc_task_methods.h"

namespace walletd {
namespace {

// The chain profile the coin's rules pick (CoinCreationError when none serves them).
std::shared_ptr<const UtxoChain> chainOf(Node& node, const CoinEntry& entry,
                                         const std::string& ticker) {
  try {
    return utxoChainsOf(node).forCoin(entry);
  } catch (const CoinRulesError& e) {
    throwCoinCreationError(ticker, e.what());
  }
}

}  // namespace

// Everything that needs no peer beyond the route's checks; answered by init at once.
void UtxoActivator::check(Node& node, const CoinEntry& entry, const UtxoActivationParams& p) const {
  const std::shared_ptr<const UtxoChain> chain = chainOf(node, entry, p.ticker);
  // A Trezor's checks fail the task, as KDF's coin builder does (openKeys).
  if (p.priv_key_policy.type != "ContextPrivKey" && p.priv_key_policy.type != "Trezor")
    throwCoinCreationError(
        p.ticker, "priv_key_policy " + p.priv_key_policy.type + " is not supported for UTXO coins");
  if (p.mode == UtxoActivationParams::Mode::Electrum) {
    if (node.streamConnector() == nullptr)
      throwCoinCreationError(p.ticker, "this host cannot open Electrum connections");
    if (electrumTargets(*node.streamConnector(), p.servers).empty()) {
      throwCoinCreationError(p.ticker,
                             "none of the Electrum servers uses a protocol this host opens (the "
                             "daemon: TCP, SSL, WS and WSS; the browser: WS and WSS)");
    }
  } else if (node.localFiles() == nullptr) {
    throwCoinCreationError(p.ticker,
                           "Native mode needs the coin daemon's conf file on this machine, "
                           "which the browser host cannot read");
  }
}

namespace {

std::unique_ptr<UtxoCoin> makeCoin(Node& node, const CoinEntry& entry,
                                   std::shared_ptr<const UtxoChain> chain,
                                   const UtxoActivationParams& p, UtxoKeys keys) {
  try {
    UtxoCoinSettings settings;
    settings.ticker = p.ticker;
    settings.decimals = static_cast<unsigned>(
        std::min<std::uint64_t>(entry.unsignedInt("decimals").value_or(8), 18));
    settings.dust = entry.unsignedInt("dust").value_or(1000);
    settings.fees = UtxoFeeDefaults::fromEntry(entry);
    if (p.check_utxo_maturity.value_or(false) && !chain->waitsForMaturity())
      settings.coinbase_maturity = entry.unsignedInt("mature_confirmations").value_or(100);
    UtxoAddressCodec codec(entry);
    UtxoFormat format = codec.rules().format;
    if (p.address_format == "standard") format = UtxoFormat::Standard;
    if (p.address_format == "segwit") format = UtxoFormat::Segwit;
    if (p.address_format == "cashaddress") format = UtxoFormat::CashAddress;
    if (format == UtxoFormat::Segwit && !codec.rules().bech32_hrp)
      throwCoinCreationError(p.ticker, "segwit addresses need bech32_hrp in the coins file");
    if (format == UtxoFormat::CashAddress && codec.rules().format != UtxoFormat::CashAddress)
      throwCoinCreationError(p.ticker, "cashaddress is for coins whose coins-file entry uses it");
    std::unique_ptr<UtxoBackend> backend;
    if (p.mode == UtxoActivationParams::Mode::Electrum) {
      backend =
          std::make_unique<ElectrumBackend>(*node.streamConnector(), node.executor(),
                                            electrumTargets(*node.streamConnector(), p.servers),
                                            electrumTimeoutMs(p.servers), settings.decimals, chain);
    } else {
      backend = std::make_unique<NativeBackend>(
          node.http(), daemonRpcAccess(entry, *node.localFiles()), settings.decimals);
    }
    return std::make_unique<UtxoCoin>(std::move(settings), std::move(chain), std::move(codec),
                                      format, std::move(keys), std::move(backend), node.clock(),
                                      node.executor());
  } catch (const DaemonConfError& e) {
    throwCoinCreationError(p.ticker, e.what());
  } catch (const CoinRulesError& e) {
    throwCoinCreationError(p.ticker, e.what());
  }
}

// The coin's keys: the Iguana key, or the HD wallet with the accounts stored for it; with a
// Trezor (`device`, set here), the device's accounts (stored under its id) and the device as the
// key source.
Task<UtxoKeys> openKeys(Node& node, const CoinEntry& entry, const UtxoActivationParams& p,
                        std::shared_ptr<RpcTaskHandle> handle, bool& new_wallet,
                        std::shared_ptr<trezor::TrezorConnection>& device) {
  UtxoKeys keys;
  if (p.priv_key_policy.type == "Trezor") {
    checkTrezorUtxo(entry, *chainOf(node, entry, p.ticker), p);
    device = connectedTrezor(node, p.ticker);
  }
  if (!device && node.keys().mode() != WalletKeys::Mode::HD) {
    keys.iguana = node.keys().iguanaKey();
    co_return keys;
  }
  HdOpenRequest request;
  if (device) request.device_storage_id = device->devicePubkey();
  request.ticker = p.ticker;
  request.path_to_address = p.path_to_address;
  request.min_addresses_number = p.min_addresses_number;
  request.internal_chain = true;
  std::optional<std::string> failure;
  HdPlatformWallet opened;
  try {
    opened = co_await openHdWallet(node, entry, std::move(request));
  } catch (const HdOpenError& e) {
    failure = e.what();
  }
  if (failure) throwCoinCreationError(p.ticker, *failure);
  // (Each co_await at function scope: GCC 12 mishandles locals in nested coroutine blocks.)
  const std::string coin_name = entry.string("trezor_coin").value_or("");
  if (device)
    co_await loadTrezorUtxoAccounts(*opened.hd, device, node.executor(), handle, coin_name,
                                    p.ticker);
  if (device) keys.key_source = trezorUtxoKeys(device, node.executor(), coin_name);
  if (device)
    keys.device_accounts = trezorUtxoAccountLoader(device, node.executor(), opened.hd, coin_name);
  new_wallet = opened.new_wallet;
  keys.hd = opened.hd;
  keys.activated = opened.activated;
  keys.gap_limit = p.gap_limit;
  std::shared_ptr<HdWallet> hd = opened.hd;
  const std::string ticker = p.ticker;
  keys.save = [&node, hd, ticker]() -> Task<void> {
    co_await saveHdPlatformWallet(node, ticker, *hd);
  };
  co_return keys;
}

// Iguana: {wallet_type: "Iguana", address, balance?}.
Task<Json> iguanaReport(UtxoCoin& coin, const UtxoActivationParams& p,
                        std::shared_ptr<RpcTaskHandle> handle) {
  const std::vector<WatchedAddress> owned = coin.ownedAddresses();
  co_await overTransport(coin.backend().watch(owned), InitStandaloneCoinError::Transport);
  Json report{{"wallet_type", "Iguana"}, {"address", coin.myAddress()}};
  if (p.get_balances) {
    handle->setProgress("RequestingWalletBalance");
    const BalanceInfo balance =
        co_await overTransport(coin.myBalance(), InitStandaloneCoinError::Transport);
    report["balance"] = Json{{p.ticker, balance.toJson()}};
  }
  co_return report;
}

// HD: the gap scan (scan_policy), every known address followed, the accounts stored, and KDF's
// {wallet_type: "HD", accounts: [...]} (with balances whatever get_balances says: the report is
// KDF's CoinBalanceReport, whose HD form always has them).
Task<Json> hdReport(UtxoCoin& coin, const UtxoActivationParams& p, bool new_wallet,
                    std::shared_ptr<RpcTaskHandle> handle) {
  HdWallet& hd = coin.hdWallet();
  if (shouldScanHd(p.scan_policy, new_wallet)) {
    HdAddressesUsedCheck check = [&coin](std::vector<HdAddressRef> refs) {
      return coin.addressesUsed(std::move(refs));
    };
    co_await overTransport(scanHdAccounts(hd, check, p.gap_limit),
                           InitStandaloneCoinError::Transport);
  }
  const std::vector<HdAddressRef> known = hd.knownAddresses();
  co_await overTransport(coin.addressesAdded(known), InitStandaloneCoinError::Transport);
  handle->setProgress("RequestingWalletBalance");
  HdAddressesReader read = [&coin](std::vector<HdAddressRef> refs) {
    return coin.readAddresses(std::move(refs));
  };
  const WalletBalanceInfo balance = co_await overTransport(
      hdWalletBalance(hd, coin.hdColumns(), read), InitStandaloneCoinError::Transport);
  co_return balance.toJson();
}

}  // namespace

// Registers nothing itself: the route does, then `on_registered` starts the coin's loops.
Task<ActivatedCoins> UtxoActivator::activate(Node& node, const CoinEntry& entry,
                                             UtxoActivationParams p,
                                             std::shared_ptr<RpcTaskHandle> handle) const {
  bool new_wallet = false;
  std::shared_ptr<trezor::TrezorConnection> device;  // the Trezor the keys are on, if any
  UtxoKeys keys = co_await openKeys(node, entry, p, handle, new_wallet, device);
  std::shared_ptr<UtxoCoin> coin =
      makeCoin(node, entry, chainOf(node, entry, p.ticker), p, std::move(keys));
  if (device) {
    coin->setDeviceAddressShower(
        trezorUtxoAddressShower(device, node.executor(), coin->sharedHdWallet(),
                                entry.string("trezor_coin").value_or(""), coin->segwit()));
  }
  const std::uint64_t current_block =
      co_await overTransport(coin->backend().currentBlock(), InitStandaloneCoinError::Transport);
  Json report;
  if (coin->hd() != nullptr) {
    report = co_await hdReport(*coin, p, new_wallet, handle);
  } else {
    report = co_await iguanaReport(*coin, p, handle);
  }
  handle->setProgress("Finishing");
  ActivatedCoins activated;
  activated.coins.push_back(coin);
  activated.result =
      Json{{"ticker", p.ticker}, {"current_block", current_block}, {"wallet_balance", report}};
  activated.on_registered = [&node, coin, p] {
    if (p.merge_params)
      startUtxoMergeLoop(coin, *p.merge_params, node.executor(), coin->stopToken());
    if (!p.tx_history) return;
    auto history = std::make_shared<UtxoHistory>(
        UtxoHistoryStore(node.storage(), walletStorageId(node.keys()) + "/" + p.ticker + "/"));
    coin->setHistory(history);
    startUtxoHistoryLoop(coin, history, node.executor(), coin->stopToken());
  };
  co_return activated;
}

namespace {

// A standalone route whose activator is the UTXO family's for `Protocol`.
template <const char* Protocol>
const UtxoActivationRoute& routeOf() {
  static const UtxoActivationRoute route(
      standaloneActivationWords(),
      [](const CoinFamily& family) -> const CoinActivator<UtxoActivationParams>* {
        const auto* utxo = dynamic_cast<const UtxoFamily*>(&family);
        return utxo != nullptr ? &utxo->activator(Protocol) : nullptr;
      });
  return route;
}

constexpr char kUtxoProtocol[] = "UTXO";
constexpr char kQtumProtocol[] = "QTUM";
constexpr char kQrc20Protocol[] = "QRC20";

const UtxoActivationRoute& utxoRoute() {
  return routeOf<kUtxoProtocol>();
}

}  // namespace

const UtxoActivationRoute& utxoActivationRoute(const std::string& protocol) {
  if (protocol == kQtumProtocol) return routeOf<kQtumProtocol>();
  if (protocol == kQrc20Protocol) return routeOf<kQrc20Protocol>();
  return routeOf<kUtxoProtocol>();
}

void checkInit(RequestContext& ctx, const UtxoActivationParams& p) {
  utxoRoute().check(ctx.node, p);
}

Task<Json> activateUtxoCoin(Node& node, UtxoActivationParams p,
                            std::shared_ptr<RpcTaskHandle> handle) {
  co_return co_await utxoRoute().run(node, std::move(p), std::move(handle));
}

void registerUtxoActivation(MethodTable& t) {
  t.declare("UtxoActivationRequest", UtxoActivationParams::requestSchema().ts());
  t.declare("UtxoActivationParams", UtxoActivationParams::schema().ts());
  t.declare("UtxoActivationResult",
            "{ ticker: string; current_block: number; wallet_balance: { wallet_type: \"Iguana\"; "
            "address: string; balance?: Record<string, BalanceInfo> } | { wallet_type: \"HD\"; "
            "accounts: HDAccountBalance[] } }");
  addRpcTaskMethods<UtxoActivationParams>(t, "enable_utxo", "UtxoActivationResult", &checkInit,
                                          &activateUtxoCoin);
  registerUtxoLegacyActivation(t);
}

}  // namespace walletd

// The ZHTLC activator and task::enable_z_coin's registration.
#include "core/coins/zhtlc/zhtlc_activation.h"

#include "core/coins/activation_route.h"
#include "core/coins/standalone_activation.h"
#include "core/coins/zhtlc/sapling_encoding.h"
#include "core/coins/zhtlc/zcash_params.h"
#include "core/coins/zhtlc/zhtlc_coin.h"
#include "core/coins/zhtlc/zhtlc_keys.h"
#include "core/coins/zhtlc/zhtlc_protocol.h"
#include "core/encoding/hex.h"
#include "core/node/node.h"
#include "core/rpc/rpc_task_methods.h"

namespace walletd {
namespace {

constexpr std::uint64_t kSecondsPerDay = 86400;

ZhtlcProtocol protocolOf(const CoinEntry& entry, const std::string& ticker) {
  try {
    return ZhtlcProtocol::fromEntry(entry);
  } catch (const CoinRulesError& e) {
    throwCoinCreationError(ticker, e.what());
  }
}

// The Sapling account of the wallet: its scan keys, its default address and an id for storage.
struct SaplingAccount {
  ScanKeys keys;
  ByteArray<32> ovk{};
  sapling::PaymentAddress payment_address;
  std::string address;
  std::string wallet_id;
};

SaplingAccount accountOf(Node& node, const ZhtlcProtocol& protocol,
                         const ZcoinActivationParams& p) {
  sapling::ExtendedFullViewingKey fvk;
  try {
    fvk = zhtlcSpendingKey(node.keys(), protocol, p.account).fullViewingKey();
  } catch (const CoinRulesError& e) {
    throwCoinCreationError(p.ticker, e.what());
  }
  SaplingAccount out;
  out.keys.ivk = fvk.fvk.ivk();
  out.keys.nk = fvk.fvk.nk;
  out.ovk = fvk.fvk.ovk;
  out.payment_address = fvk.defaultAddress().second;
  out.address = encodeSaplingAddress(protocol.hrp_address, out.payment_address);
  out.wallet_id = toHex(fvk.fvk.fingerprint());
  return out;
}

// The stored wallet when KDF would continue it, else a fresh one from the checkpoint.
Task<StoredWallet> openWallet(ZhtlcWalletStore& store, LightwalletdClient& client,
                              const ZcoinActivationParams& p, const FirstSyncBlock& first) {
  std::optional<StoredWallet> stored = co_await store.load();
  const ZcoinRpcMode mode = p.mode();
  const bool resume = stored && (!mode.sync_params || mode.skip_sync_params.value_or(false) ||
                                 stored->first_sync_block.actual == first.actual);
  if (resume) co_return std::move(*stored);
  const TreeState tree = co_await client.treeState(first.actual);
  StoredWallet fresh{stateAtCheckpoint(tree), first};
  co_await store.reset(fresh);
  co_return fresh;
}

const std::vector<ElectrumServerParams>& electrumServersOf(const ZcoinRpcMode& mode) {
  static const std::vector<ElectrumServerParams> none;
  return mode.electrum_servers ? *mode.electrum_servers : none;
}

}  // namespace

FirstSyncBlock firstSyncBlockFor(const std::string& ticker,
                                 const std::optional<SyncStartPoint>& start, std::uint64_t tip,
                                 std::uint64_t sapling_height, std::uint64_t avg_blocktime,
                                 std::uint64_t now) {
  const std::uint64_t per_day = kSecondsPerDay / std::max<std::uint64_t>(1, avg_blocktime);
  const auto back = [&](std::uint64_t blocks) {
    return tip >= blocks ? tip - blocks : sapling_height;
  };
  std::uint64_t requested = sapling_height;
  if (!start) {
    requested = back(per_day);
  } else if (start->kind == SyncStartPoint::Kind::Height) {
    requested = start->value;
  } else if (start->kind == SyncStartPoint::Kind::Date) {
    if (start->value > now) {
      throwCoinCreationError(ticker,
                             "ErrorCalculatingStartingHeight: sync date must be earlier then "
                             "current date");
    }
    const std::uint64_t days =
        std::max<std::uint64_t>(1, (now - start->value) / kSecondsPerDay) - 1;
    requested = back((days + 1) * per_day);
  }
  return {requested, requested < sapling_height, std::max(requested, sapling_height)};
}

void ZhtlcActivator::check(Node& node, const CoinEntry& entry,
                           const ZcoinActivationParams& p) const {
  protocolOf(entry, p.ticker);
  const ZcoinRpcMode mode = p.mode();
  if (mode.rpc == "Native") {
    throwCoinCreationError(p.ticker,
                           "Native mode (a komodod wallet) is not supported; use Light mode with "
                           "light_wallet_d_servers");
  }
  // KDF builds the transparent side first, so its errors come before the params' and
  // lightwalletd's. An empty list is no error there (KDF connects lazily): walletd's Electrum
  // calls then fail with Transport, as KDF's do.
  const std::vector<ElectrumServerParams>& electrum = electrumServersOf(mode);
  if (!electrum.empty() && (node.streamConnector() == nullptr ||
                            electrumTargets(*node.streamConnector(), electrum).empty())) {
    throwCoinCreationError(p.ticker,
                           "no Electrum server in electrum_servers uses a protocol this host opens "
                           "(the daemon: TCP, SSL, WS and WSS; the browser: WS and WSS)");
  }
  if (mode.light_wallet_d_servers.empty())
    throwCoinCreationError(p.ticker, "EmptyLightwalletdUris");
}

Task<ActivatedCoins> ZhtlcActivator::activate(Node& node, const CoinEntry& entry,
                                              ZcoinActivationParams p,
                                              std::shared_ptr<RpcTaskHandle> handle) const {
  const ZhtlcProtocol protocol = protocolOf(entry, p.ticker);
  const SaplingAccount account = accountOf(node, protocol, p);
  if (p.zcash_params_path) checkSaplingParams(node.localFiles(), *p.zcash_params_path, p.ticker);
  const ZcoinRpcMode mode = p.mode();
  if (node.streamConnector() == nullptr)
    throwCoinCreationError(p.ticker, "this host cannot open Electrum connections");
  const std::vector<ElectrumServerParams> electrum = electrumServersOf(mode);
  auto transparent = std::make_shared<ZhtlcTransparent>(
      *node.streamConnector(), node.executor(), electrumTargets(*node.streamConnector(), electrum),
      electrumTimeoutMs(electrum));
  auto client = std::make_shared<LightwalletdClient>(node.http(), mode.light_wallet_d_servers);
  auto store = std::make_shared<ZhtlcWalletStore>(node.storage(), p.ticker, account.wallet_id);
  const BlockId tip = co_await client->latestBlock();
  const FirstSyncBlock first = firstSyncBlockFor(
      p.ticker, mode.sync_params, tip.height, protocol.sapling_activation_height,
      entry.unsignedInt("avg_blocktime").value_or(60), node.clock().unixMillis() / 1000);
  StoredWallet wallet = co_await openWallet(*store, *client, p, first);
  SyncSettings settings;
  settings.scan_blocks_per_iteration = p.scan_blocks_per_iteration;
  settings.scan_interval_ms = p.scan_interval_ms;
  settings.compute = node.computePool();
  auto sync = std::make_shared<ZhtlcSync>(client, store, account.keys, settings, node.executor(),
                                          std::move(wallet.state));
  // Named locals, not temporaries in the co_await: GCC 12 destroys such temporaries twice, and
  // this lambda holds a shared_ptr (its double release freed the task handle early).
  const ZhtlcSync::Report report = [handle](const Json& status) { handle->setProgress(status); };
  const CancellationToken cancel = handle->cancellation();
  co_await sync->syncToTip(report, cancel);
  handle->setProgress("RequestingWalletBalance");
  const std::uint64_t current_block = co_await transparent->currentBlock();
  LockedNotes locked = co_await store->loadLocked();
  ZhtlcCoinParts parts;
  parts.ticker = p.ticker;
  parts.address = account.address;
  parts.own = account.payment_address;
  parts.sync = sync;
  parts.transparent = transparent;
  parts.store = store;
  parts.protocol = protocol;
  parts.ovk = account.ovk;
  parts.ivk = account.keys.ivk;
  parts.locked = std::move(locked);
  parts.spending_key = [&node, protocol, index = p.account] {
    return zhtlcSpendingKey(node.keys(), protocol, index);
  };
  parts.prover = node.saplingProver();
  parts.random = &node.random();
  parts.executor = &node.executor();
  auto coin = std::make_shared<ZhtlcCoin>(std::move(parts));
  const BalanceInfo balance = coin->balanceNow();
  handle->setProgress("Finishing");
  ActivatedCoins out;
  out.coins.push_back(coin);
  out.result = Json{
      {"ticker", p.ticker},
      {"current_block", current_block},
      {"wallet_balance",
       {{"wallet_type", "Iguana"}, {"address", account.address}, {"balance", balance.toJson()}}},
      {"first_sync_block", wallet.first_sync_block.toJson()}};
  Executor& executor = node.executor();
  out.on_registered = [coin, &executor] { coin->startSyncLoop(executor); };
  co_return out;
}

void registerZhtlcActivation(MethodTable& t, const ZhtlcActivator& activator) {
  static const ZhtlcActivator* registered = nullptr;
  registered = &activator;
  static const ActivationRoute<ZcoinActivationParams, InitStandaloneCoinError> route(
      standaloneActivationWords(),
      [](const CoinFamily& family) -> const CoinActivator<ZcoinActivationParams>* {
        return family.name() == "ZHTLC" ? registered : nullptr;
      });
  t.declare("ZcoinActivationParams", ZcoinActivationParams::requestSchema().ts());
  t.declare("EnableZCoinParams", ZcoinActivationParams::schema().ts());
  t.declare("ZcoinActivationResult",
            "{ ticker: string; current_block: number; wallet_balance: { wallet_type: \"Iguana\"; "
            "address: string; balance: BalanceInfo }; first_sync_block: { requested: number; "
            "is_pre_sapling: boolean; actual: number } }");
  addRpcTaskMethods<ZcoinActivationParams>(
      t, "enable_z_coin", "ZcoinActivationResult",
      [](RequestContext& ctx, const ZcoinActivationParams& p) { route.check(ctx.node, p); },
      [](Node& node, ZcoinActivationParams p, std::shared_ptr<RpcTaskHandle> handle) {
        return route.run(node, std::move(p), std::move(handle));
      });
}

}  // namespace walletd

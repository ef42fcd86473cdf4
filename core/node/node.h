// Node: one running wallet node — configuration, coins, the platform seam, storage-backed
// services, streams and the dispatcher. Both hosts create exactly one and pass it HTTP bodies.
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <string_view>

#include "core/coins/coin_family.h"
#include "core/coins/coin_registry.h"
#include "core/coins/coins_config.h"
#include "core/crypto/sapling/sapling_prover.h"
#include "core/node/node_config.h"
#include "core/platform/clock.h"
#include "core/platform/compute_pool.h"
#include "core/platform/device_links.h"
#include "core/platform/event_sink.h"
#include "core/platform/executor.h"
#include "core/platform/external_signer.h"
#include "core/platform/http_client.h"
#include "core/platform/local_files.h"
#include "core/platform/random.h"
#include "core/platform/storage.h"
#include "core/platform/stream_connector.h"
#include "core/rpc/dispatcher.h"
#include "core/rpc/rpc_task_manager.h"
#include "core/stream/stream_manager.h"
#include "core/wallet/gui_storage/account_store.h"
#include "core/wallet/keys/wallet_keys.h"

namespace walletd {

namespace wc {
class Service;
}
namespace trezor {
struct HwContext;
}

struct Platform {
  Executor& executor;
  Storage& storage;
  Clock& clock;
  Random& random;
  EventSink& events;
  HttpClient& http;
  ExternalSigner* external_signer = nullptr;    // a browser-extension wallet (browser host only)
  LocalFiles* local_files = nullptr;            // the machine's files (native host only)
  StreamConnector* stream_connector = nullptr;  // line streams (Electrum); null: none
  SaplingProver* sapling_prover = nullptr;      // Groth16 for shielded spends; null: none
  ComputePool* compute_pool = nullptr;          // the host's cores; null: the core's thread only
  DeviceLinks* device_links = nullptr;          // hardware wallets' UDP / USB links; null: none
};

struct BuildInfo {
  std::string version;   // e.g. "0.1.0_1a2b3c4d"
  std::string datetime;  // commit time of the build
};
const BuildInfo& buildInfo();

class Node {
 public:
  // `families`: the coin families this node activates (tests add their own).
  Node(NodeConfig config, CoinsConfig coins, Platform platform, std::function<void()> on_stop,
       const CoinFamilies& families = builtInFamilies());

  // Loads the storage-backed state; call once before handling requests.
  Task<void> start();
  Task<HttpAnswer> handleHttp(std::string_view http_method, std::string body, Caller caller);

  const NodeConfig& config() const { return config_; }
  const CoinsConfig& coins() const { return coins_; }
  const CoinFamilies& families() const { return families_; }
  const MethodTable& methods() const { return methods_; }
  Executor& executor() { return platform_.executor; }
  Clock& clock() { return platform_.clock; }
  Random& random() { return platform_.random; }
  HttpClient& http() { return platform_.http; }
  ExternalSigner* externalSigner() { return platform_.external_signer; }
  LocalFiles* localFiles() { return platform_.local_files; }
  // What proves shielded (ZHTLC) spends, when the host has one (the npm package, given one).
  SaplingProver* saplingProver() { return platform_.sapling_prover; }
  // Where CPU-bound work may spread over the host's cores (null: run it in place).
  ComputePool* computePool() { return platform_.compute_pool; }
  StreamConnector* streamConnector() { return platform_.stream_connector; }
  DeviceLinks* deviceLinks() { return platform_.device_links; }
  Storage& storage() { return platform_.storage; }
  StreamManager& streams() { return streams_; }
  AccountStore& accounts() { return accounts_; }
  CoinRegistry& activeCoins() { return active_coins_; }
  RpcTaskManager& tasks() { return tasks_; }
  // The logged-in wallet's keys (no-login until start() has run).
  const WalletKeys& keys() const { return keys_; }
  // Asks the host to shut down after the current answer is sent.
  void requestStop();
  // The WalletConnect context once the first wc_* call or activation made it
  // (core/walletconnect/wc_setup.h); stopped with the node.
  std::shared_ptr<wc::Service>& walletConnectSlot() { return wallet_connect_; }
  // The hardware wallet context once task::init_trezor made it (core/hardware/trezor/).
  std::shared_ptr<trezor::HwContext>& hardwareSlot() { return hardware_; }
  ~Node();

 private:
  NodeConfig config_;
  CoinsConfig coins_;
  const CoinFamilies& families_;
  MethodTable methods_;
  Platform platform_;
  std::function<void()> on_stop_;
  StreamManager streams_;
  AccountStore accounts_;
  WalletKeys keys_ = WalletKeys::noLogin();
  CoinRegistry active_coins_;
  RpcTaskManager tasks_;
  Dispatcher dispatcher_;
  std::shared_ptr<wc::Service> wallet_connect_;
  std::shared_ptr<trezor::HwContext> hardware_;
};

}  // namespace walletd

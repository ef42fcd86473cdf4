// Node wiring.
#include "core/node/node.h"

#include "core/crypto/secp256k1.h"
#include "core/node/method_list.h"
#include "core/node/wallet_login.h"
#include "core/walletconnect/wc_service.h"
#include "walletd_build_info.h"

namespace walletd {

const BuildInfo& buildInfo() {
  static const BuildInfo info{WALLETD_VERSION, WALLETD_BUILD_DATETIME};
  return info;
}

Node::Node(NodeConfig config, CoinsConfig coins, Platform platform, std::function<void()> on_stop,
           const CoinFamilies& families)
    : config_(std::move(config)),
      coins_(std::move(coins)),
      families_(families),
      methods_(buildMethodTable(families)),
      platform_(platform),
      on_stop_(std::move(on_stop)),
      streams_(platform.executor, platform.events, platform.random, config_.streaming),
      accounts_(platform.storage, platform.executor),
      dispatcher_(
          *this, methods_,
          RpcSettings{config_.rpc_password, config_.rpc_local_only, config_.check_result_types},
          platform.executor, platform.clock) {}

// Start-up does only what every request needs: the wallet's keys. The secp256k1 context is
// built by the first key operation (with this seed), the gui_storage accounts are read by the
// first gui_storage request; a browser page's first answer waits for neither.
Task<void> Node::start() {
  randomizeSecp256k1Context(platform_.random.bytes(32));
  keys_ = co_await loginWallet(config_, platform_.storage, platform_.random);
}

Task<HttpAnswer> Node::handleHttp(std::string_view http_method, std::string body, Caller caller) {
  return dispatcher_.handleHttp(http_method, std::move(body), std::move(caller));
}

Node::~Node() {
  if (wallet_connect_) wallet_connect_->stop();
}

void Node::requestStop() {
  if (on_stop_) platform_.executor.post(on_stop_);
}

}  // namespace walletd

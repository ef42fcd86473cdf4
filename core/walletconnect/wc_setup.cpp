// Making the node's WalletConnect context (wc_setup.h).
#include "core/walletconnect/wc_setup.h"

#include "core/node/node.h"

namespace walletd {

Task<std::shared_ptr<wc::Service>> walletConnectOf(Node& node) {
  std::shared_ptr<wc::Service>& slot = node.walletConnectSlot();
  if (!slot) {
    const WalletConnectConfig& config = node.config().wallet_connect;
    const std::string scheme = config.relay_url.substr(0, config.relay_url.find(':'));
    StreamConnector* connector = node.streamConnector();
    if (connector == nullptr || !connector->supports(scheme)) {
      const std::string message = "WalletConnect needs a websocket to its relay (" +
                                  config.relay_url + "), and this host opens none";
      throw rpcError(WalletConnectRpcError::InitializationError, message, Json(message));
    }
    wc::ServiceSettings settings;
    settings.relay = wc::RelaySettings{config.relay_url, config.project_id};
    settings.request_timeout_ms = config.request_timeout_s * 1000;
    wc::SessionStore store(node.storage(), node.random(),
                           node.keys().sealingKey("walletd/walletconnect/session-keys"));
    slot = std::make_shared<wc::Service>(
        std::move(settings),
        wc::RelayPeers{*connector, node.executor(), node.clock(), node.random()}, std::move(store));
  }
  std::shared_ptr<wc::Service> service = slot;
  co_await service->start();
  co_return service;
}

}  // namespace walletd

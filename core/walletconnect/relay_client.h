// RelayClient: walletd's connection to a WalletConnect relay (the relay's JSON-RPC over a
// websocket): irn_subscribe / irn_batchSubscribe / irn_unsubscribe / irn_publish, and the relay's
// irn_subscription deliveries, each acknowledged with `true` and handed to `on_message`.
// It logs in with an EdDSA JWT (relay_auth.h) made by one Ed25519 key for the client's lifetime,
// reconnects after a drop with back-off (1 s doubling to 60 s, as KDF) and subscribes again to
// every topic it holds in one irn_batchSubscribe. A call waits up to kConnectWaitMs for a
// connection and kRequestTimeoutMs for the relay's answer, then throws TransportError.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "core/async/async_mutex.h"
#include "core/async/cancellation.h"
#include "core/async/oneshot.h"
#include "core/async/task.h"
#include "core/crypto/ed25519/ed25519_key.h"
#include "core/crypto/secret.h"
#include "core/platform/clock.h"
#include "core/platform/random.h"
#include "core/platform/stream_connector.h"
#include "core/rpc/json.h"

namespace walletd::wc {

struct RelaySettings {
  std::string url;         // ws:// or wss://
  std::string project_id;  // sent as projectId
};

struct RelayMessage {
  std::string topic;
  std::string message;  // the envelope, base64
  std::uint64_t published_at = 0;
  int tag = 0;
};

struct RelayPeers {
  StreamConnector& connector;
  Executor& executor;
  Clock& clock;
  Random& random;
};

class RelayClient : public std::enable_shared_from_this<RelayClient> {
 public:
  static constexpr std::uint64_t kConnectWaitMs = 30000;
  static constexpr std::uint64_t kRequestTimeoutMs = 6000;
  static constexpr std::uint64_t kConnectTimeoutMs = 10000;
  static constexpr std::uint64_t kFirstBackoffMs = 1000;
  static constexpr std::uint64_t kMaxBackoffMs = 60000;
  using OnMessage = std::function<void(RelayMessage)>;

  // `login_seed`: the Ed25519 seed of the client's identity (SessionStore::relayClientSeed).
  RelayClient(RelaySettings settings, RelayPeers peers, const SecretArray<32>& login_seed,
              OnMessage on_message);
  // Connects in the background, and again after every drop, until stop().
  void start();
  void stop();

  // Holds topics to subscribe on every connection, without a request now (before start()).
  void remember(const std::vector<std::string>& topics) {
    for (const std::string& topic : topics) subscriptions_.emplace(topic, "");
  }
  // Subscribes (one request for several); the topics are remembered and subscribed again after
  // a reconnection.
  Task<void> subscribe(std::vector<std::string> topics);
  // Forgets the topic and unsubscribes it (a relay that does not answer is not an error).
  Task<void> unsubscribe(std::string topic);
  Task<void> publish(std::string topic, std::string message, std::uint32_t ttl_s, int tag,
                     bool prompt);
  bool connected() const { return stream_ != nullptr; }
  // Connections made so far (tests of reconnection read it through wc_* answers' logs).
  std::uint64_t connectionCount() const { return connections_; }

 private:
  Task<Json> call(std::string method, Json params);
  Task<void> waitConnected();
  Task<void> runLoop();
  Task<bool> connectOnce();
  Task<void> readUntilDrop(LineStream* stream);
  Task<void> resubscribe();
  void handleLine(const std::string& line);
  void dropped(const std::string& why);
  std::string loginUrl();
  std::uint64_t nextId();

  RelaySettings settings_;
  RelayPeers peers_;
  OnMessage on_message_;
  Ed25519Key login_key_;
  std::string client_sub_;
  CancellationSource stop_;
  bool started_ = false;
  std::unique_ptr<LineStream> stream_;
  AsyncMutex write_lock_;
  std::map<std::uint64_t, OneShot<Json>> pending_;
  std::vector<OneShot<bool>> connect_waiters_;
  std::map<std::string, std::string> subscriptions_;  // topic → subscription id ("" until known)
  std::uint64_t connections_ = 0;
  std::uint64_t id_counter_ = 0;
};

}  // namespace walletd::wc

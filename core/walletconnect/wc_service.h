// wc::Service: walletd's WalletConnect v2 context, as KDF's: walletd proposes (dApp side), a
// wallet approves and signs. It pairs (wc_new_connection), follows each proposal to a settled
// session, answers what the wallet sends (settle, ping, delete, extend, update, events — the
// settle answered, unlike KDF), sends pings, deletions and session requests and waits for their
// answers, and keeps settled sessions in a SessionStore. Started on first use: stored sessions
// are loaded (expired ones deleted), the relay connected, every session topic subscribed in one
// batch. Messages and tags follow the WalletConnect sign protocol (docs/walletconnect.md).
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/async/oneshot.h"
#include "core/walletconnect/relay_client.h"
#include "core/walletconnect/session_store.h"
#include "core/walletconnect/wc_errors.h"
#include "core/walletconnect/wc_session.h"

namespace walletd::wc {

struct ServiceSettings {
  RelaySettings relay;
  std::uint64_t request_timeout_ms = 300000;  // a wallet's time to answer a session request
  std::uint64_t ping_timeout_ms = 30000;
};

class Service : public std::enable_shared_from_this<Service> {
 public:
  Service(ServiceSettings settings, RelayPeers peers, SessionStore store);
  ~Service();
  Task<void> start();  // the first call starts; every call waits until stored sessions are loaded
  void stop();

  struct Connection {
    std::string url;  // wc:<topic>@2?symKey=…&relay-protocol=irn&expiryTimestamp=…
    std::string pairing_topic;
  };
  // Pairs and publishes a session proposal; the wallet may approve it minutes later.
  Task<Connection> newConnection(Json required_namespaces, Json optional_namespaces);
  std::vector<Json> sessionInfos() const;  // SessionRpcInfo of every settled session
  // The settled session of `topic` (a pairing topic when by_pairing), or null.
  // Expired sessions are not found (they are dropped at the next start).
  const Session* find(const std::string& topic, bool by_pairing = false) const;
  // Tells the wallet (wc_sessionDelete 6000) and forgets the session without waiting.
  Task<void> deleteSession(std::string topic);
  Task<void> ping(std::string topic);  // RequestFailure when the wallet does not answer
  // The wallet's result of `method(params)` on `chain` (CAIP-2); RequestFailure otherwise.
  Task<Json> request(std::string topic, std::string chain, std::string method, Json params);

  struct Pairing;

 private:
  struct Outbound;
  Task<void> load();
  void onRelayMessage(RelayMessage message);
  Task<void> handle(RelayMessage message);
  Task<void> handleRequest(const std::string& topic, const Json& request);
  Task<void> awaitProposal(std::string pairing_topic, std::uint64_t id);
  Task<void> settle(Session* session, const Json& params);
  Task<void> forget(std::string topic);
  Task<Json> send(std::string topic, std::string method, Json params, std::uint64_t timeout_ms);
  Task<void> reply(std::string topic, Json id, std::string method, Json result_or_error,
                   bool is_error);
  const SecretArray<32>* keyOf(const std::string& topic) const;
  std::uint64_t nextId();
  std::uint64_t nowSeconds() const;

  ServiceSettings settings_;
  RelayPeers peers_;
  SessionStore store_;
  std::shared_ptr<RelayClient> relay_;
  SecretArray<32> own_secret_;
  std::string own_public_hex_;
  enum class Start { NotStarted, Loading, Loaded, Failed };
  Start start_state_ = Start::NotStarted;
  std::exception_ptr start_error_;
  std::vector<OneShot<bool>> start_waiters_;  // every caller of start() while loading
  std::map<std::string, std::shared_ptr<Pairing>> pairings_;
  std::map<std::string, Session> sessions_;
  // Our requests waiting for the wallet's answer, each bound to the topic it was sent on (an
  // answer on another topic is not theirs).
  struct Awaiting {
    std::string topic;
    OneShot<Json> answer;
  };
  std::map<std::uint64_t, Awaiting> awaiting_;
  std::uint64_t id_counter_ = 0;
};

}  // namespace walletd::wc

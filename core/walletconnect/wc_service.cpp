// The WalletConnect context (wc_service.h).
#include "core/walletconnect/wc_service.h"

#include "core/async/spawn.h"
#include "core/crypto/x25519.h"
#include "core/encoding/hex.h"
#include "core/platform/http_client.h"
#include "core/platform/log.h"
#include "core/walletconnect/wc_crypto.h"

namespace walletd::wc {
namespace {

constexpr std::uint64_t kPairingTtlS = 300;
constexpr std::uint64_t kProposedSessionTtlS = 30 * 86400;  // until the settle says otherwise

struct MethodTag {
  const char* method;
  int tag;
  std::uint32_t ttl_s;
  bool prompt;
};

// The sign protocol's tags and TTLs (a response is its request's tag + 1, same TTL).
constexpr MethodTag kTags[] = {
    {"wc_pairingDelete", 1000, 86400, false}, {"wc_pairingPing", 1002, 30, false},
    {"wc_pairingExtend", 1004, 86400, false}, {"wc_sessionPropose", 1100, 300, true},
    {"wc_sessionSettle", 1102, 300, false},   {"wc_sessionUpdate", 1104, 86400, false},
    {"wc_sessionExtend", 1106, 86400, false}, {"wc_sessionRequest", 1108, 300, true},
    {"wc_sessionEvent", 1110, 300, true},     {"wc_sessionDelete", 1112, 86400, false},
    {"wc_sessionPing", 1114, 30, false},
};

MethodTag tagOf(const std::string& method) {
  for (const MethodTag& t : kTags)
    if (method == t.method) return t;
  return MethodTag{"", 1108, 300, false};  // unknown requests: answered as a session request
}

// A response's id: walletd's own are numbers below 2^53, but a wallet may echo one as a string.
std::optional<std::uint64_t> responseId(const Json& id) {
  if (id.is_number_unsigned()) return id.get<std::uint64_t>();
  if (!id.is_string()) return std::nullopt;
  std::string text = id.get<std::string>();
  if (!text.empty() && text.back() == 'n') text.pop_back();  // a JS BigInt's JSON form
  if (text.empty() || text.size() > 19 || text.find_first_not_of("0123456789") != std::string::npos)
    return std::nullopt;
  return std::stoull(text);
}

SecretArray<32> randomSecret(Random& random) {
  const std::vector<std::uint8_t> bytes = random.bytes(32);
  return SecretArray<32>::copyOf(bytes.data());
}

Task<void> quietly(Task<void> task) {
  try {
    co_await task;
  } catch (const std::exception& e) {
    logMessage(LogLevel::Info, std::string("walletconnect: ") + e.what());
  }
}

void detach(Task<void> task) {
  spawn(quietly(std::move(task)), [](std::exception_ptr) {});
}

}  // namespace

struct Service::Pairing {
  std::string topic;
  SecretArray<32> sym_key;
  std::uint64_t expiry = 0;
  Json required_namespaces, optional_namespaces;
};

Service::Service(ServiceSettings settings, RelayPeers peers, SessionStore store)
    : settings_(std::move(settings)),
      peers_(peers),
      store_(std::move(store)),
      own_secret_(randomSecret(peers.random)) {
  own_public_hex_ = toHex(x25519PublicKey(own_secret_));
}

Service::~Service() {
  if (relay_) relay_->stop();
}

std::uint64_t Service::nowSeconds() const {
  return peers_.clock.unixMillis() / 1000;
}

std::uint64_t Service::nextId() {
  return (peers_.clock.unixMillis() << 8) | (id_counter_++ & 0xFF);
}

Task<void> Service::start() {
  if (start_state_ == Start::Loaded) co_return;
  if (start_state_ == Start::Failed) std::rethrow_exception(start_error_);
  OneShot<bool> loaded(peers_.executor);
  start_waiters_.push_back(loaded);
  if (start_state_ == Start::NotStarted) {
    start_state_ = Start::Loading;
    std::weak_ptr<Service> weak = weak_from_this();
    spawn(load(), [weak](std::exception_ptr error) {
      auto self = weak.lock();
      if (!self) return;
      self->start_state_ = error ? Start::Failed : Start::Loaded;
      self->start_error_ = error;
      auto waiters = std::move(self->start_waiters_);
      self->start_waiters_.clear();
      for (auto& waiter : waiters) {
        if (error) {
          waiter.fail(error);
        } else {
          waiter.settle(true);
        }
      }
    });
  }
  co_await loaded;
}

// Loads stored sessions (deleting expired ones) and connects, subscribing to their topics.
Task<void> Service::load() {
  auto self = shared_from_this();
  std::weak_ptr<Service> weak = weak_from_this();
  const SecretArray<32> login_seed = co_await store_.relayClientSeed();
  relay_ =
      std::make_shared<RelayClient>(settings_.relay, peers_, login_seed, [weak](RelayMessage m) {
        if (auto self = weak.lock()) self->onRelayMessage(std::move(m));
      });
  std::vector<Session> stored = co_await store_.loadAll();
  std::vector<std::string> topics;
  for (Session& session : stored) {
    if (session.expiry <= nowSeconds()) {
      co_await store_.erase(session.topic);
      continue;
    }
    topics.push_back(session.topic);
    if (!session.pairing_topic.empty()) topics.push_back(session.pairing_topic);
    std::string topic = session.topic;
    sessions_.emplace(std::move(topic), std::move(session));
  }
  relay_->remember(std::move(topics));
  relay_->start();
}

void Service::stop() {
  if (relay_) relay_->stop();
  auto awaiting = std::move(awaiting_);
  awaiting_.clear();
  for (auto& [id, waiting] : awaiting)
    waiting.answer.fail(std::make_exception_ptr(
        RequestFailure(RequestFailure::Kind::Relay, "WalletConnect was stopped")));
}

const SecretArray<32>* Service::keyOf(const std::string& topic) const {
  if (auto it = sessions_.find(topic); it != sessions_.end()) return &it->second.sym_key;
  if (auto it = pairings_.find(topic); it != pairings_.end()) return &it->second->sym_key;
  return nullptr;
}

const Session* Service::find(const std::string& topic, bool by_pairing) const {
  const std::uint64_t now = nowSeconds();
  for (const auto& [key, session] : sessions_) {
    if (!session.settled || session.expiry <= now) continue;
    if (by_pairing ? session.pairing_topic == topic : key == topic) return &session;
  }
  return nullptr;
}

std::vector<Json> Service::sessionInfos() const {
  std::vector<Json> out;
  const std::uint64_t now = nowSeconds();
  for (const auto& [topic, session] : sessions_)
    if (session.settled && session.expiry > now) out.push_back(session.rpcInfo());
  return out;
}

Task<Service::Connection> Service::newConnection(Json required_namespaces,
                                                 Json optional_namespaces) {
  auto self = shared_from_this();
  auto pairing = std::make_shared<Pairing>();
  pairing->topic = toHex(peers_.random.bytes(32));
  pairing->sym_key = randomSecret(peers_.random);
  pairing->expiry = nowSeconds() + kPairingTtlS;
  pairing->required_namespaces = required_namespaces;
  pairing->optional_namespaces = optional_namespaces;
  pairings_[pairing->topic] = pairing;
  const std::string key_hex = toHex(ByteView(pairing->sym_key.data(), 32));
  Connection out{"wc:" + pairing->topic + "@2?symKey=" + key_hex +
                     "&relay-protocol=irn&expiryTimestamp=" + std::to_string(pairing->expiry),
                 pairing->topic};

  std::vector<std::string> pairing_topics{pairing->topic};
  const std::uint64_t id = nextId();
  const Json metadata{{"name", "walletd"},
                      {"description", "walletd, a non-custodial wallet node"},
                      {"url", "https://walletd.invalid"},
                      {"icons", Json::array()}};
  const Json params{{"relays", Json::array({Json{{"protocol", "irn"}}})},
                    {"proposer", {{"publicKey", own_public_hex_}, {"metadata", metadata}}},
                    {"requiredNamespaces", std::move(required_namespaces)},
                    {"optionalNamespaces", std::move(optional_namespaces)},
                    {"expiryTimestamp", pairing->expiry},
                    {"pairingTopic", pairing->topic}};
  const Json request{
      {"id", id}, {"jsonrpc", "2.0"}, {"method", "wc_sessionPropose"}, {"params", params}};
  const MethodTag tag = tagOf("wc_sessionPropose");
  const std::string envelope =
      sealEnvelope(pairing->sym_key, peers_.random.bytes(12), request.dump());
  awaiting_.emplace(id, Awaiting{pairing->topic, OneShot<Json>(peers_.executor)});
  std::string failure;
  try {
    co_await relay_->subscribe(std::move(pairing_topics));
    co_await relay_->publish(pairing->topic, envelope, tag.ttl_s, tag.tag, tag.prompt);
  } catch (const std::exception& e) {
    failure = e.what();
  }
  if (!failure.empty()) {
    awaiting_.erase(id);
    co_await forget(pairing->topic);
    throw TransportError(failure);
  }
  detach(awaitProposal(pairing->topic, id));
  co_return out;
}

// Waits (up to the pairing's life) for the wallet's answer to a proposal; an approval carries
// the wallet's X25519 key, from which both sides derive the session key and topic.
Task<void> Service::awaitProposal(std::string pairing_topic, std::uint64_t id) {
  auto self = shared_from_this();
  auto it = awaiting_.find(id);
  if (it == awaiting_.end()) co_return;
  OneShot<Json> answer = it->second.answer;
  const TimerId timer = peers_.executor.startTimer(kPairingTtlS * 1000, [answer]() mutable {
    answer.fail(std::make_exception_ptr(
        RequestFailure(RequestFailure::Kind::Timeout, "the proposal expired")));
  });
  std::optional<Json> response;
  try {
    response = co_await answer;
  } catch (const RequestFailure&) {
  }
  peers_.executor.cancelTimer(timer);
  awaiting_.erase(id);
  auto pairing_it = pairings_.find(pairing_topic);
  if (pairing_it == pairings_.end()) co_return;
  const Json result = response ? response->value("result", Json()) : Json();
  const Json responder_field =
      result.is_object() ? result.value("responderPublicKey", Json()) : Json();
  const std::string responder =
      responder_field.is_string() ? responder_field.get<std::string>() : "";
  Bytes responder_key;
  if (isHex(responder)) responder_key = fromHex(responder);
  if (responder_key.size() != 32) {
    // Declined or expired: the pairing and its subscription go.
    logMessage(LogLevel::Info, "walletconnect: the proposal on " + pairing_topic +
                                   (response ? " was declined" : " expired"));
    co_await forget(pairing_topic);
    co_return;
  }
  ByteArray<32> peer;
  std::copy(responder_key.begin(), responder_key.end(), peer.begin());
  std::optional<SessionKey> key = deriveSessionKey(own_secret_, peer);
  if (!key) co_return;
  Session session;
  session.topic = key->topic;
  session.pairing_topic = pairing_topic;
  session.sym_key = key->sym_key;
  session.controller_public_key = responder;
  session.required_namespaces = pairing_it->second->required_namespaces;
  session.optional_namespaces = pairing_it->second->optional_namespaces;
  session.expiry = nowSeconds() + kProposedSessionTtlS;
  const std::string topic = session.topic;
  sessions_[topic] = std::move(session);
  std::vector<std::string> session_topics{topic};
  co_await relay_->subscribe(std::move(session_topics));
}

void Service::onRelayMessage(RelayMessage message) {
  detach(handle(std::move(message)));
}

Task<void> Service::handle(RelayMessage message) {
  auto self = shared_from_this();
  const SecretArray<32>* key = keyOf(message.topic);
  if (key == nullptr) co_return;
  const std::optional<std::string> text = openEnvelope(*key, message.message);
  if (!text) {
    logMessage(LogLevel::Info, "walletconnect: a message that does not open on " + message.topic);
    co_return;
  }
  const Json payload = Json::parse(*text, nullptr, false);
  if (!payload.is_object() || !payload.contains("id")) co_return;
  if (payload.contains("method")) {
    co_await handleRequest(message.topic, payload);
    co_return;
  }
  const std::optional<std::uint64_t> id = responseId(payload["id"]);
  auto it = id ? awaiting_.find(*id) : awaiting_.end();
  // An answer counts only on the topic its request went to; a late one is logged (a wallet that
  // sent a transaction after walletd stopped waiting says so here).
  if (it == awaiting_.end() || it->second.topic != message.topic) {
    logMessage(LogLevel::Warning, "walletconnect: an answer nothing waits for on " + message.topic +
                                      ": " + payload.dump().substr(0, 300));
    co_return;
  }
  it->second.answer.settle(payload);
}

// What the wallet asks: answered `true` as KDF answers, the settle included.
Task<void> Service::handleRequest(const std::string& topic, const Json& request) {
  const std::string method = request.value("method", "");
  const Json params = request.value("params", Json::object());
  auto it = sessions_.find(topic);
  Session* session = it == sessions_.end() ? nullptr : &it->second;
  if (method == "wc_sessionSettle" && session) {
    co_await settle(session, params);
  } else if (method == "wc_sessionExtend" && session && params.contains("expiry") &&
             params["expiry"].is_number_unsigned()) {
    session->expiry = params["expiry"].get<std::uint64_t>();
    co_await store_.save(*session);
  } else if (method == "wc_sessionUpdate" && session && params.contains("namespaces") &&
             params["namespaces"].is_object()) {
    session->namespaces = params["namespaces"];
    co_await store_.save(*session);
  } else if (method == "wc_sessionDelete" || method == "wc_pairingDelete") {
    const Json yes(true);
    co_await reply(topic, request["id"], method, yes, false);
    co_await forget(topic);
    co_return;
  } else if (method != "wc_sessionPing" && method != "wc_pairingPing" &&
             method != "wc_pairingExtend" && method != "wc_sessionEvent") {
    const Json error{{"code", 10001}, {"message", "Unsupported wc_ method. " + method}};
    co_await reply(topic, request["id"], method, error, true);
    co_return;
  }
  const Json yes(true);
  co_await reply(topic, request["id"], method, yes, false);
}

Task<void> Service::settle(Session* session, const Json& params) {
  const Json controller = params.value("controller", Json::object());
  if (controller.is_object() && controller.value("publicKey", Json()).is_string())
    session->controller_public_key = controller["publicKey"].get<std::string>();
  if (controller.is_object() && controller.value("metadata", Json()).is_object())
    session->controller_metadata = controller["metadata"];
  const Json namespaces = params.value("namespaces", Json());
  session->namespaces = namespaces.is_object() ? namespaces : Json::object();
  session->session_properties = params.value("sessionProperties", Json());
  if (params.value("expiry", Json()).is_number_unsigned())
    session->expiry = params["expiry"].get<std::uint64_t>();
  session->settled = true;
  pairings_.erase(session->pairing_topic);
  co_await store_.save(*session);
}

Task<void> Service::reply(std::string topic, Json id, std::string method, Json result_or_error,
                          bool is_error) {
  const SecretArray<32>* key = keyOf(topic);
  if (key == nullptr) co_return;
  Json response{{"id", std::move(id)}, {"jsonrpc", "2.0"}};
  response[is_error ? "error" : "result"] = std::move(result_or_error);
  const MethodTag tag = tagOf(method);
  const std::string envelope = sealEnvelope(*key, peers_.random.bytes(12), response.dump());
  co_await relay_->publish(topic, envelope, tag.ttl_s, tag.tag + 1, false);
}

// Drops a session (or pairing) topic: memory, storage and the relay subscription.
Task<void> Service::forget(std::string topic) {
  std::string pairing_topic;
  if (auto it = sessions_.find(topic); it != sessions_.end()) {
    pairing_topic = it->second.pairing_topic;
    sessions_.erase(it);
    co_await store_.erase(topic);
  }
  pairings_.erase(topic);
  co_await relay_->unsubscribe(topic);
  if (!pairing_topic.empty()) {
    pairings_.erase(pairing_topic);
    co_await relay_->unsubscribe(pairing_topic);
  }
}

// Publishes a request on a session topic and waits up to `timeout_ms` for the wallet's response
// (the whole JSON-RPC response object).
Task<Json> Service::send(std::string topic, std::string method, Json params,
                         std::uint64_t timeout_ms) {
  auto self = shared_from_this();
  const SecretArray<32>* key = keyOf(topic);
  if (key == nullptr) throw RequestFailure(RequestFailure::Kind::NoSession, "no session " + topic);
  const std::uint64_t id = nextId();
  OneShot<Json> answer(peers_.executor);
  awaiting_.emplace(id, Awaiting{topic, answer});
  const Json request{
      {"id", id}, {"jsonrpc", "2.0"}, {"method", method}, {"params", std::move(params)}};
  const MethodTag tag = tagOf(method);
  const std::string envelope = sealEnvelope(*key, peers_.random.bytes(12), request.dump());
  std::string failure;
  try {
    co_await relay_->publish(topic, envelope, tag.ttl_s, tag.tag, tag.prompt);
  } catch (const TransportError& e) {
    failure = e.what();
  }
  if (!failure.empty()) {
    awaiting_.erase(id);
    throw RequestFailure(RequestFailure::Kind::Relay, failure);
  }
  const std::string seconds = std::to_string(timeout_ms / 1000);
  const TimerId timer = peers_.executor.startTimer(timeout_ms, [answer, method, seconds]() mutable {
    answer.fail(std::make_exception_ptr(
        RequestFailure(RequestFailure::Kind::Timeout,
                       "the wallet did not answer " + method + " within " + seconds + " s")));
  });
  std::optional<Json> response;
  std::optional<RequestFailure> failed;
  try {
    response = co_await answer;
  } catch (const RequestFailure& e) {
    failed.emplace(e);
  }
  peers_.executor.cancelTimer(timer);
  awaiting_.erase(id);
  if (failed) throw *failed;
  co_return std::move(*response);
}

Task<void> Service::deleteSession(std::string topic) {
  auto self = shared_from_this();
  if (find(topic) == nullptr)
    throw RequestFailure(RequestFailure::Kind::NoSession,
                         "No active WalletConnect session found: " + topic);
  const SecretArray<32> key = *keyOf(topic);
  const Json request{{"id", nextId()},
                     {"jsonrpc", "2.0"},
                     {"method", "wc_sessionDelete"},
                     {"params", {{"code", 6000}, {"message", "User Disconnected"}}}};
  const MethodTag tag = tagOf("wc_sessionDelete");
  const std::string envelope = sealEnvelope(key, peers_.random.bytes(12), request.dump());
  std::string failure;
  try {
    co_await relay_->publish(topic, envelope, tag.ttl_s, tag.tag, tag.prompt);
  } catch (const TransportError& e) {
    failure = e.what();  // forgotten here all the same; the wallet sees it expire
  }
  co_await forget(topic);
  if (!failure.empty()) logMessage(LogLevel::Info, "walletconnect: delete not sent: " + failure);
}

Task<void> Service::ping(std::string topic) {
  if (find(topic) == nullptr)
    throw RequestFailure(RequestFailure::Kind::NoSession,
                         "No active WalletConnect session found: " + topic);
  std::string method = "wc_sessionPing";
  Json params = Json::object();
  const Json response =
      co_await send(topic, std::move(method), std::move(params), settings_.ping_timeout_ms);
  if (response.contains("error") && !response["error"].is_null())
    throw RequestFailure(RequestFailure::Kind::Rejected,
                         "the wallet refused the ping: " + response["error"].dump());
}

Task<Json> Service::request(std::string topic, std::string chain, std::string method, Json params) {
  const Session* session = find(topic);
  if (session == nullptr)
    throw RequestFailure(RequestFailure::Kind::NoSession,
                         "No active WalletConnect session found: " + topic);
  if (session->expiry <= nowSeconds())
    throw RequestFailure(RequestFailure::Kind::NoSession,
                         "the WalletConnect session " + topic + " has expired");
  // expiryTimestamp: the wallet drops the request once walletd stopped waiting for it.
  const std::uint64_t expiry = nowSeconds() + settings_.request_timeout_ms / 1000;
  const Json request_params{
      {"request", {{"method", method}, {"params", std::move(params)}, {"expiryTimestamp", expiry}}},
      {"chainId", chain}};
  std::string wc_method = "wc_sessionRequest";
  const Json response =
      co_await send(topic, std::move(wc_method), request_params, settings_.request_timeout_ms);
  if (response.contains("error") && !response["error"].is_null()) {
    const Json& e = response["error"];
    const Json code_field = e.is_object() ? e.value("code", Json()) : Json();
    const int code = code_field.is_number_integer() ? code_field.get<int>() : 0;
    const Json message_field = e.is_object() ? e.value("message", Json()) : Json();
    const std::string text =
        message_field.is_string() ? message_field.get<std::string>() : e.dump().substr(0, 200);
    throw RequestFailure(
        RequestFailure::Kind::Rejected,
        "the wallet refused " + method + ": " + text + " (" + std::to_string(code) + ")", code);
  }
  co_return response.value("result", Json());
}

}  // namespace walletd::wc

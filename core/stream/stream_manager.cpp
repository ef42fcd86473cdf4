// StreamManager implementation.
#include "core/stream/stream_manager.h"

#include "core/crypto/constant_time.h"
#include "core/encoding/hex.h"
#include "core/stream/stream_errors.h"

namespace walletd {

std::string sseFrame(const StreamEvent& event) {
  std::string out;
  if (event.id > 0) out += "id: " + std::to_string(event.id) + "\n";
  Json type = event.type;
  out += "data: {\"_type\":" + type.dump() + ",\"message\":" + event.message_json + "} \n\n";
  return out;
}

StreamManager::StreamManager(Executor& executor, EventSink& sink, Random& random,
                             StreamSettings settings)
    : executor_(executor), sink_(sink), random_(random), settings_(std::move(settings)) {}

StreamManager::~StreamManager() {
  for (auto& [id, running] : streamers_) running.streamer->stop();
  for (auto& [id, client] : clients_) {
    if (client.grace_timer) executor_.cancelTimer(client.grace_timer);
  }
}

bool StreamManager::isConnected(std::uint64_t client) const {
  auto it = clients_.find(client);
  return it != clients_.end() && it->second.connected;
}

std::string StreamManager::connect(std::uint64_t client_id,
                                   std::optional<std::uint64_t> last_event_id,
                                   const std::optional<std::string>& resume_token) {
  Client& client = clients_[client_id];
  if (client.connected) throw rpcError(StreamError::Internal, "ID already in use");
  client.connected = true;
  if (client.grace_timer) {
    executor_.cancelTimer(client.grace_timer);
    client.grace_timer = 0;
  }
  if (client.resume_token.empty()) client.resume_token = toHex(random_.bytes(16));
  const bool owner = !resume_token || constantTimeEquals(*resume_token, client.resume_token);
  if (!last_event_id || !owner) return client.resume_token;
  const std::uint64_t after = *last_event_id;
  const std::uint64_t oldest = client.recent.empty() ? client.next_id : client.recent.front().id;
  if (after + 1 < oldest && after + 1 < client.next_id) {
    Json gap = Json::object();
    gap["first_missing_id"] = after + 1;
    gap["last_missing_id"] = oldest - 1;
    sink_.deliver(client_id, StreamEvent{0, "EVENTS_DROPPED", gap.dump()});
  }
  for (const StreamEvent& event : client.recent) {
    if (event.id > after) sink_.deliver(client_id, event);
  }
  return client.resume_token;
}

void StreamManager::disconnect(std::uint64_t client_id) {
  auto it = clients_.find(client_id);
  if (it == clients_.end() || !it->second.connected) return;
  it->second.connected = false;
  it->second.grace_timer = executor_.startTimer(settings_.reconnect_grace_ms, [this, client_id] {
    auto found = clients_.find(client_id);
    if (found == clients_.end() || found->second.connected) return;
    found->second.grace_timer = 0;
    forget(client_id);
  });
}

void StreamManager::enable(std::uint64_t client_id, const std::string& streamer_id,
                           const StreamerFactory& factory) {
  auto client = clients_.find(client_id);
  if (client == clients_.end())
    throw rpcError(StreamError::EnableError, "UnknownClient", Json("UnknownClient"));
  if (client->second.subscriptions.count(streamer_id)) {
    throw rpcError(StreamError::EnableError, "ClientAlreadyListening",
                   Json("ClientAlreadyListening"));
  }
  auto running = streamers_.find(streamer_id);
  const bool first_subscriber = running == streamers_.end();
  if (first_subscriber) running = streamers_.emplace(streamer_id, Running{factory(), {}}).first;
  running->second.clients.insert(client_id);
  client->second.subscriptions.insert(streamer_id);
  // Started after the subscription is recorded: a streamer may publish at once.
  if (first_subscriber) {
    running->second.streamer->start(
        [this, streamer_id](Json message) { publish(streamer_id, std::move(message)); });
  }
}

void StreamManager::disable(std::uint64_t client_id, const std::string& streamer_id) {
  auto client = clients_.find(client_id);
  if (client == clients_.end())
    throw rpcError(StreamError::DisableError, "UnknownClient", Json("UnknownClient"));
  if (!client->second.subscriptions.count(streamer_id)) {
    throw rpcError(StreamError::DisableError, "StreamerNotFound", Json("StreamerNotFound"));
  }
  unsubscribe(client_id, streamer_id);
}

void StreamManager::unsubscribe(std::uint64_t client_id, const std::string& streamer_id) {
  if (auto client = clients_.find(client_id); client != clients_.end()) {
    client->second.subscriptions.erase(streamer_id);
  }
  auto running = streamers_.find(streamer_id);
  if (running == streamers_.end()) return;
  running->second.clients.erase(client_id);
  if (running->second.clients.empty()) {
    auto streamer = std::move(running->second.streamer);
    streamers_.erase(running);
    streamer->stop();
  }
}

void StreamManager::forget(std::uint64_t client_id) {
  auto it = clients_.find(client_id);
  if (it == clients_.end()) return;
  std::set<std::string> subscriptions = it->second.subscriptions;
  for (const std::string& id : subscriptions) unsubscribe(client_id, id);
  clients_.erase(client_id);
}

void StreamManager::publish(const std::string& streamer_id, Json message) {
  broadcast(streamer_id, streamer_id, message);
}

void StreamManager::publishError(const std::string& streamer_id, Json message) {
  broadcast(streamer_id, "ERROR:" + streamer_id, message);
}

void StreamManager::broadcast(const std::string& streamer_id, const std::string& type,
                              const Json& message) {
  auto running = streamers_.find(streamer_id);
  if (running == streamers_.end()) return;
  const std::string text = message.dump(-1, ' ', false, Json::error_handler_t::replace);
  for (std::uint64_t client_id : running->second.clients) {
    auto client = clients_.find(client_id);
    if (client != clients_.end()) send(client_id, client->second, type, text);
  }
}

void StreamManager::send(std::uint64_t client_id, Client& client, const std::string& type,
                         const std::string& message_json) {
  StreamEvent event{client.next_id++, type, message_json};
  client.recent.push_back(event);
  while (client.recent.size() > settings_.buffer_capacity) client.recent.pop_front();
  if (client.connected) sink_.deliver(client_id, client.recent.back());
}

}  // namespace walletd

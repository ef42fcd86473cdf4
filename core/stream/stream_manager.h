// StreamManager: stream clients, their subscriptions and their recent events.
//
// Every event a client is sent gets that client's next sequence number, which the SSE endpoint
// writes as the `id:` line. The last `kBufferCapacity` events of each client are kept, so a client
// that reconnects with `Last-Event-ID` gets everything it missed; if some of it was already
// evicted, an EVENTS_DROPPED event says which ids are gone (KDF drops silently and cannot
// resume). A disconnected client keeps its subscriptions for a grace period before it is
// unsubscribed everywhere, as KDF does at once.
//
// Replay goes only to the connection that owned the stream: each client gets a random resume
// token when its stream first opens (the host hands it out, natively as a response header), and
// a reconnect replays buffered events only when it presents that token. Without it the stream
// continues with new events only, which is all a KDF client expects. A stream id that is open
// cannot be taken over.
#pragma once

#include <cstdint>
#include <deque>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>

#include "core/platform/event_sink.h"
#include "core/platform/executor.h"
#include "core/platform/random.h"
#include "core/stream/streamer.h"

namespace walletd {

struct StreamSettings {
  bool enabled = false;  // event_streaming_configuration present
  std::string access_control_allow_origin = "*";
  std::size_t buffer_capacity = 1024;
  std::uint64_t reconnect_grace_ms = 30000;
};

// The SSE wire form of one event: `id: N` (when N > 0), then
// `data: {"_type":...,"message":...} ` and a blank line (KDF's trailing space included).
std::string sseFrame(const StreamEvent& event);

class StreamManager {
 public:
  StreamManager(Executor& executor, EventSink& sink, Random& random, StreamSettings settings);
  ~StreamManager();

  const StreamSettings& settings() const { return settings_; }

  // A connection for `client` opened. Throws RpcError(Internal, "ID already in use") when one is
  // open already. Replays buffered events after `last_event_id` when `resume_token` is the
  // client's token, or is nullopt (an in-process host, which is the only client). Returns the
  // client's resume token.
  std::string connect(std::uint64_t client, std::optional<std::uint64_t> last_event_id,
                      const std::optional<std::string>& resume_token = std::nullopt);
  void disconnect(std::uint64_t client);

  // Subscribes `client`; starts the streamer from `factory` unless it already runs.
  void enable(std::uint64_t client, const std::string& streamer_id, const StreamerFactory& factory);
  void disable(std::uint64_t client, const std::string& streamer_id);
  void publish(const std::string& streamer_id, Json message);
  void publishError(const std::string& streamer_id, Json message);

  bool isConnected(std::uint64_t client) const;
  std::size_t runningStreamers() const { return streamers_.size(); }

 private:
  struct Client {
    bool connected = false;
    std::set<std::string> subscriptions;
    std::deque<StreamEvent> recent;
    std::uint64_t next_id = 1;
    TimerId grace_timer = 0;
    std::string resume_token;
  };
  struct Running {
    std::unique_ptr<Streamer> streamer;
    std::set<std::uint64_t> clients;
  };

  // Sends `message` as event `type` to every subscriber of `streamer_id`.
  void broadcast(const std::string& streamer_id, const std::string& type, const Json& message);
  void send(std::uint64_t client_id, Client& client, const std::string& type,
            const std::string& message_json);
  void unsubscribe(std::uint64_t client, const std::string& streamer_id);
  void forget(std::uint64_t client);

  Executor& executor_;
  EventSink& sink_;
  Random& random_;
  StreamSettings settings_;
  std::map<std::uint64_t, Client> clients_;
  std::map<std::string, Running> streamers_;
};

}  // namespace walletd

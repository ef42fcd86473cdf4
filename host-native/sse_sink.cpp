// SseSink implementation.
#include "host-native/sse_sink.h"

#include "core/stream/stream_manager.h"

namespace walletd {

void SseSink::deliver(std::uint64_t client_id, const StreamEvent& event) {
  std::shared_ptr<SseConnection> connection;
  {
    std::lock_guard lock(mutex_);
    auto it = connections_.find(client_id);
    if (it == connections_.end()) return;  // kept in the core's buffer for a resume
    connection = it->second;
  }
  {
    std::lock_guard lock(connection->mutex);
    // A reader this far behind is gone or stuck: close it; it can resume with Last-Event-ID.
    if (connection->frames.size() >= kMaxQueuedFrames) {
      connection->closed = true;
    } else {
      connection->frames.push_back(sseFrame(event));
    }
  }
  connection->ready.notify_one();
}

std::shared_ptr<SseConnection> SseSink::open(std::uint64_t client_id) {
  std::lock_guard lock(mutex_);
  if (connections_.count(client_id)) return nullptr;
  auto connection = std::make_shared<SseConnection>();
  connections_.emplace(client_id, connection);
  return connection;
}

void SseSink::close(std::uint64_t client_id, const std::shared_ptr<SseConnection>& connection) {
  {
    std::lock_guard lock(mutex_);
    auto it = connections_.find(client_id);
    if (it != connections_.end() && it->second == connection) connections_.erase(it);
  }
  {
    std::lock_guard lock(connection->mutex);
    connection->closed = true;
  }
  connection->ready.notify_all();
}

void SseSink::closeAll() {
  std::map<std::uint64_t, std::shared_ptr<SseConnection>> all;
  {
    std::lock_guard lock(mutex_);
    all.swap(connections_);
  }
  for (auto& [id, connection] : all) {
    {
      std::lock_guard lock(connection->mutex);
      connection->closed = true;
    }
    connection->ready.notify_all();
  }
}

}  // namespace walletd

// SseSink implementation.
#include "host-native/sse_sink.h"

#include "core/stream/stream_manager.h"

namespace walletd {

void SseSink::setWriter(Writer writer) {
  std::lock_guard lock(mutex_);
  writer_ = std::move(writer);
}

void SseSink::deliver(std::uint64_t client_id, const StreamEvent& event) {
  std::uint64_t connection = 0;
  Writer writer;
  {
    std::lock_guard lock(mutex_);
    auto it = connections_.find(client_id);
    if (it == connections_.end() || !writer_) return;
    connection = it->second;
    writer = writer_;
  }
  writer(connection, sseFrame(event));
}

bool SseSink::open(std::uint64_t client_id, std::uint64_t connection) {
  std::lock_guard lock(mutex_);
  return connections_.emplace(client_id, connection).second;
}

void SseSink::close(std::uint64_t client_id, std::uint64_t connection) {
  std::lock_guard lock(mutex_);
  auto it = connections_.find(client_id);
  if (it != connections_.end() && it->second == connection) connections_.erase(it);
}

}  // namespace walletd

// SseSink: the daemon's EventSink. Each open `/event-stream?id=N` connection has a frame queue;
// the core thread pushes frames, the connection's HTTP thread writes them out.
#pragma once

#include <condition_variable>
#include <deque>
#include <map>
#include <memory>
#include <mutex>
#include <string>

#include "core/platform/event_sink.h"

namespace walletd {

struct SseConnection {
  std::mutex mutex;
  std::condition_variable ready;
  std::deque<std::string> frames;
  bool closed = false;
};

class SseSink : public EventSink {
 public:
  static constexpr std::size_t kMaxQueuedFrames = 4096;

  void deliver(std::uint64_t client_id, const StreamEvent& event) override;
  // Registers a connection for `client_id`; null when one is open already.
  std::shared_ptr<SseConnection> open(std::uint64_t client_id);
  void close(std::uint64_t client_id, const std::shared_ptr<SseConnection>& connection);
  void closeAll();

 private:
  std::mutex mutex_;
  std::map<std::uint64_t, std::shared_ptr<SseConnection>> connections_;
};

}  // namespace walletd

// SseSink: the daemon's EventSink. It maps each open `/event-stream?id=N` to the HTTP front's
// connection and hands frames to the front's writer (which runs them on its I/O thread).
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <mutex>
#include <string>

#include "core/platform/event_sink.h"

namespace walletd {

class SseSink : public EventSink {
 public:
  using Writer = std::function<void(std::uint64_t connection, std::string frame)>;

  // Set once by the HTTP front before it accepts connections.
  void setWriter(Writer writer);
  // Called on the core thread; an event for a client with no connection stays in the core's
  // buffer for a resume.
  void deliver(std::uint64_t client_id, const StreamEvent& event) override;
  // Registers `connection` for `client_id`; false when another connection holds it.
  bool open(std::uint64_t client_id, std::uint64_t connection);
  // Unregisters `connection` (a newer holder of the id is left alone).
  void close(std::uint64_t client_id, std::uint64_t connection);

 private:
  std::mutex mutex_;
  Writer writer_;
  std::map<std::uint64_t, std::uint64_t> connections_;  // client id -> connection
};

}  // namespace walletd

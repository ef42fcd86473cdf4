// EventSink: hands one stream event to stream client N (an SSE connection natively, a JS
// callback in browsers). `frame` is the complete wire text of the event.
#pragma once

#include <cstdint>
#include <string>

namespace walletd {

struct StreamEvent {
  std::uint64_t id = 0;      // per-client sequence number, sent as the SSE `id:` line
  std::string type;          // `_type`, e.g. HEARTBEAT or ERROR:GASLESS_TRACE:USDT-TRC20
  std::string message_json;  // `message`
};

class EventSink {
 public:
  virtual ~EventSink() = default;
  virtual void deliver(std::uint64_t client_id, const StreamEvent& event) = 0;
};

}  // namespace walletd

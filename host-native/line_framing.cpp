// Newline and WebSocket framing of line streams (see line_framing.h).
#include "host-native/line_framing.h"

#include <algorithm>

namespace walletd {
namespace {

using websocket::Event;
using websocket::Opcode;

// The body of the close frame that answers the server's: its status code when that is one an
// endpoint may send (RFC 6455 §7.4), else none.
std::string closeReply(std::string_view body) {
  if (body.size() < 2) return {};
  const unsigned code =
      (static_cast<std::uint8_t>(body[0]) << 8) | static_cast<std::uint8_t>(body[1]);
  const bool sendable = (code >= 1000 && code <= 1003) || (code >= 1007 && code <= 1014) ||
                        (code >= 3000 && code <= 4999);
  return sendable ? websocket::closeBody(static_cast<std::uint16_t>(code)) : std::string();
}

}  // namespace

std::string NewlineFraming::frame(std::string_view line) {
  std::string out(line);
  out.push_back('\n');
  return out;
}

LineFraming::Taken NewlineFraming::take(std::string_view bytes) {
  Taken taken;
  std::size_t start = 0, newline = buffer_.size();  // buffer_ holds no '\n': scan the new bytes
  buffer_.append(bytes);
  while ((newline = buffer_.find('\n', newline)) != std::string::npos) {
    taken.lines.push_back(buffer_.substr(start, newline - start));
    start = ++newline;
  }
  buffer_.erase(0, start);
  if (buffer_.size() > max_line_) {
    const bool mib = max_line_ % (1U << 20) == 0;
    taken.end =
        "the server sent a line longer than " +
        (mib ? std::to_string(max_line_ >> 20) + " MiB" : std::to_string(max_line_) + " bytes");
  }
  return taken;
}

std::string WebSocketFraming::frame(std::string_view line) {
  return clientFrame(Opcode::kText, line);
}

LineFraming::Taken WebSocketFraming::take(std::string_view bytes) {
  Taken taken;
  reader_.append(bytes);
  try {
    while (std::optional<Event> event = reader_.next()) {
      switch (event->kind) {
        case Event::Kind::kMessage:
          taken.lines.push_back(std::move(event->payload));
          break;
        case Event::Kind::kPing:
          taken.reply += clientFrame(Opcode::kPong, event->payload);
          break;
        case Event::Kind::kPong:  // unsolicited, or an answer to a ping nobody sends: ignored
          break;
        case Event::Kind::kClose:
          if (!said_goodbye_.exchange(true))
            taken.reply += clientFrame(Opcode::kClose, closeReply(event->payload));
          taken.end = "the server closed the connection (WebSocket close " +
                      websocket::describeClose(event->payload) + ")";
          return taken;
      }
    }
  } catch (const websocket::FrameError& e) {
    if (!said_goodbye_.exchange(true))
      taken.reply += clientFrame(Opcode::kClose, websocket::closeBody(e.close_code));
    taken.end = e.what();
  }
  return taken;
}

std::string WebSocketFraming::goodbye() {
  if (said_goodbye_.exchange(true)) return {};
  return clientFrame(Opcode::kClose, websocket::closeBody(1000));
}

// A client frame, masked with fresh random bytes (RFC 6455 §5.3).
std::string WebSocketFraming::clientFrame(Opcode opcode, std::string_view payload) {
  const std::vector<std::uint8_t> random = random_.bytes(4);
  websocket::Mask mask{};
  std::copy_n(random.begin(), mask.size(), mask.begin());
  return websocket::encodeFrame(opcode, payload, mask);
}

}  // namespace walletd

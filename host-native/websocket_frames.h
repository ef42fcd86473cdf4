// RFC 6455 (WebSocket) for the daemon's client, without sockets: the opening handshake's request
// and the check of the server's answer, the client's masked frames, and the server's frames
// decoded and reassembled into messages. The I/O is native_stream_connector.cpp's; the RFC's own
// examples are tests/native/websocket_frames_test.cpp.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "core/platform/http_client.h"

namespace walletd::websocket {

// A peer that broke the protocol, with the close code to send before hanging up (1002: a
// protocol error, 1009: a message too big).
struct FrameError : TransportError {
  FrameError(std::uint16_t code, const std::string& what)
      : TransportError(what), close_code(code) {}
  std::uint16_t close_code;
};

// Sec-WebSocket-Accept for a Sec-WebSocket-Key: base64(SHA-1(key + RFC 6455's GUID)).
std::string acceptKey(std::string_view key);

// The client's opening handshake (RFC 6455 §4.1): GET `target` (path and query) with `host` as
// the Host header (the port included unless it is the scheme's default).
std::string upgradeRequest(std::string_view host, std::string_view target, std::string_view key);

// Throws TransportError unless `head` (the server's status line and headers, through the blank
// line) switches to WebSocket for `key`: status 101, Upgrade: websocket, Connection: Upgrade, the
// accept value of `key`, and no extension or subprotocol (the client asks for none).
void checkUpgradeResponse(std::string_view head, std::string_view key);

enum class Opcode : std::uint8_t {
  kContinuation = 0x0,
  kText = 0x1,
  kBinary = 0x2,
  kClose = 0x8,
  kPing = 0x9,
  kPong = 0xA,
};

using Mask = std::array<std::uint8_t, 4>;

struct Frame {
  bool fin = true;
  Opcode opcode = Opcode::kText;
  bool masked = false;
  std::string payload;  // unmasked
};

// One frame's bytes; masked with `mask` when there is one (a client masks every frame).
std::string encodeFrame(Opcode opcode, std::string_view payload, const std::optional<Mask>& mask,
                        bool fin = true);

// The frame at the front of `bytes` and how many bytes it took (`used`), or nullopt while the
// frame is incomplete. FrameError for reserved bits, an unknown opcode, a control frame that is
// fragmented or over 125 bytes, a 64-bit length with its top bit set, and a payload over
// `max_payload` (told by the header, before the payload arrives).
std::optional<Frame> decodeFrame(std::string_view bytes, std::size_t max_payload,
                                 std::size_t& used);

// The close frame's body: the status code (big-endian), then the reason; none for code 0.
std::string closeBody(std::uint16_t code, std::string_view reason = {});

// A close frame's body as text for an error message: "1000", "1001 going away", "no code".
std::string describeClose(std::string_view body);

// What a server's frames mean to the client, in order.
struct Event {
  enum class Kind { kMessage, kPing, kPong, kClose };
  Kind kind;
  std::string payload;  // the whole message, the ping's or pong's data, the close's body
};

// Reassembles the server's frames into events: a fragmented message (a text or binary frame
// without FIN, then continuation frames) becomes one kMessage; control frames may come between
// its fragments. FrameError for a masked frame (servers never mask), a continuation with no
// message open, a new message inside an open one, and a message over `max_message` bytes.
class MessageReader {
 public:
  explicit MessageReader(std::size_t max_message) : max_message_(max_message) {}
  void append(std::string_view bytes) { buffer_.append(bytes); }
  // The next event, or nullopt until more bytes arrive.
  std::optional<Event> next();

 private:
  std::optional<Event> accept(Frame frame);
  [[noreturn]] void tooBig() const;

  std::size_t max_message_;
  std::string buffer_;   // bytes not yet decoded
  std::string message_;  // fragments of the open message
  bool open_ = false;
};

}  // namespace walletd::websocket

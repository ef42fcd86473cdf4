// How a native line stream's bytes carry lines: newline-delimited text (Electrum over tcp:// and
// ssl://), or one WebSocket message per line (ws:// and wss://, RFC 6455 through
// websocket_frames.h). No I/O here: the connector's reader thread hands each read to take() and
// sends what it answers; writeLine sends frame(line).
#pragma once

#include <atomic>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/platform/random.h"
#include "host-native/websocket_frames.h"

namespace walletd {

class LineFraming {
 public:
  // What the bytes of one read meant.
  struct Taken {
    std::vector<std::string> lines;  // whole lines, in order
    std::string reply;               // bytes to send back now (a pong, a close frame)
    std::optional<std::string> end;  // set when the stream is over: why (the readLine error)
  };

  virtual ~LineFraming() = default;
  // The bytes that send `line`. Called on the core thread.
  virtual std::string frame(std::string_view line) = 0;
  // The server's next bytes. Called on the reader thread only; nothing after an `end`.
  virtual Taken take(std::string_view bytes) = 0;
  // What to send when the client hangs up first (a close frame), or nothing.
  virtual std::string goodbye() { return {}; }
};

// Lines end with '\n'; a line over `max_line` bytes ends the stream.
class NewlineFraming : public LineFraming {
 public:
  explicit NewlineFraming(std::size_t max_line) : max_line_(max_line) {}
  std::string frame(std::string_view line) override;
  Taken take(std::string_view bytes) override;

 private:
  std::size_t max_line_;
  std::string buffer_;  // the start of a line still incomplete
};

// One WebSocket message per line: writeLine sends a masked text frame (a fresh mask from
// `random`, which both threads use, each time); a message from the server, once reassembled, is a
// line as it is (text or binary, newlines included). A ping is answered with a pong of the same
// data; the server's close is answered with a close (its code echoed; none when the client's
// goodbye went first) and ends the stream; a message over `max_message` bytes, or a broken frame,
// ends it after a close frame with code 1009 or 1002.
class WebSocketFraming : public LineFraming {
 public:
  WebSocketFraming(Random& random, std::size_t max_message)
      : random_(random), reader_(max_message) {}
  std::string frame(std::string_view line) override;
  Taken take(std::string_view bytes) override;
  std::string goodbye() override;  // close, 1000

 private:
  std::string clientFrame(websocket::Opcode opcode, std::string_view payload);

  Random& random_;
  websocket::MessageReader reader_;
  std::atomic<bool> said_goodbye_{false};  // a close frame went out: no second one
};

}  // namespace walletd

// StreamConnector: line-oriented duplex streams for the core (Electrum servers, a CometBFT node's
// websocket): newline-delimited tcp:// and ssl:// natively; ws:// and wss:// in both hosts (the
// daemon's own RFC 6455 client, the browser's WebSocket), where one message is one line. A host
// without it leaves Platform's null.
#pragma once

#include <cstdint>
#include <memory>
#include <string>

#include "core/async/task.h"

namespace walletd {

// A WebSocket stream's line is one message: writeLine sends a text message, readLine answers the
// next message whole (newlines included). readLine fails (TransportError) once the stream ended:
// the server closed it (a WebSocket close frame, answered first) or broke it.
class LineStream {
 public:
  virtual ~LineStream() = default;
  virtual Task<void> writeLine(std::string line) = 0;
  virtual Task<std::string> readLine() = 0;
  virtual void close() = 0;
};

// What to open: tcp://host:port, ssl://host:port, ws://host[:port][/path] or
// wss://host[:port][/path]. TLS checks the server's certificate and name unless
// verify_certificate is false (Electrum's disable_cert_verification; the browser ignores it).
struct StreamTarget {
  std::string url;
  bool verify_certificate = true;
};

class StreamConnector {
 public:
  virtual ~StreamConnector() = default;
  // Whether this host opens `scheme` ("tcp", "ssl", "ws", "wss").
  virtual bool supports(const std::string& scheme) const = 0;
  // A connected stream, or TransportError (unsupported scheme, refused, timed out, TLS failure).
  virtual Task<std::unique_ptr<LineStream>> connect(StreamTarget target,
                                                    std::uint64_t timeout_ms) = 0;
};

}  // namespace walletd

// NativeStreamConnector: the daemon's StreamConnector. Newline-delimited streams for Electrum
// over TCP (`tcp://host:port`) and TLS (`ssl://host:port`), and WebSocket streams, one message per
// line (`ws://host[:port][/path]`, `wss://...`: RFC 6455, see line_framing.h and
// websocket_frames.h). TLS is OpenSSL's: the system's trust store or SSL_CERT_FILE, the server's
// name or IP checked, TLS 1.2 at least. Connecting (TCP, TLS, the WebSocket handshake) runs on a
// short-lived thread with one deadline; each stream has a reader thread that turns bytes into
// lines (and answers WebSocket pings and closes) and posts them to the core executor; lines are
// small and sent from the core thread.
#pragma once

#include <atomic>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

#include "core/platform/executor.h"
#include "core/platform/stream_connector.h"

namespace walletd {

class NativeStreamConnector : public StreamConnector {
 public:
  // A longer line (or WebSocket message) is a broken peer: the stream ends.
  static constexpr std::size_t kMaxLineBytes = 8 << 20;

  explicit NativeStreamConnector(Executor& core) : core_(core) {}
  ~NativeStreamConnector() override { shutdown(); }
  // Joins the connecting threads (each is bounded by its connect deadline). The daemon calls it
  // once the core has stopped and before the node goes, so that no connecting thread writes
  // into a coroutine the node's teardown freed.
  void shutdown();
  NativeStreamConnector(const NativeStreamConnector&) = delete;
  NativeStreamConnector& operator=(const NativeStreamConnector&) = delete;

  bool supports(const std::string& scheme) const override;
  Task<std::unique_ptr<LineStream>> connect(StreamTarget target, std::uint64_t timeout_ms) override;

  struct Connecting {  // a connecting thread and whether it finished
    std::thread thread;
    std::shared_ptr<std::atomic<bool>> done;
  };

 private:
  Executor& core_;
  std::mutex mutex_;
  std::vector<Connecting> connecting_;  // finished ones are joined by the next connect()
};

}  // namespace walletd

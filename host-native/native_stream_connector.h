// NativeStreamConnector: the daemon's StreamConnector — newline-delimited streams for Electrum
// over TCP (`tcp://host:port`) and TLS (`ssl://host:port`, OpenSSL: the system's trust store or
// SSL_CERT_FILE, the server's name or IP checked, TLS 1.2 at least). Connecting (and the TLS
// handshake) runs on a short-lived thread with its own deadline; each stream has a reader thread
// that splits lines and posts them to the core executor; writes are small and sent from the
// core thread.
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
  static constexpr std::size_t kMaxLineBytes = 8 << 20;  // a longer line is a broken peer

  explicit NativeStreamConnector(Executor& core) : core_(core) {}
  ~NativeStreamConnector() override;  // joins the connecting threads
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

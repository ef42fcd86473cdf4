// HttpServer: the daemon's RPC endpoint (POST any path), CORS preflight (OPTIONS), and the SSE
// endpoint GET /event-stream?id=N, on cpp-httplib. Requests are handed to the core thread.
#pragma once

#include <atomic>
#include <memory>
#include <string>
#include <thread>

#include "core/node/node.h"
#include "host-native/sse_sink.h"

namespace httplib {
class Server;
}

namespace walletd {

class HttpServer {
 public:
  static constexpr int kThreads = 128;  // each open SSE stream holds one

  HttpServer(Node& node, Executor& executor, SseSink& sink);
  ~HttpServer();

  // Binds to ip:port (0 = any free port); returns the bound port; throws on failure.
  int bind(const std::string& ip, int port);
  void start();
  void stop();

 private:
  void routes();

  Node& node_;
  Executor& executor_;
  SseSink& sink_;
  std::unique_ptr<httplib::Server> server_;
  std::thread thread_;
  std::atomic<bool> stopping_{false};
};

// 127.0.0.0/8, ::1 and their IPv4-mapped forms.
bool isLoopbackAddress(const std::string& address);

}  // namespace walletd

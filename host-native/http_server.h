// HttpServer: the daemon's HTTP/1.1 front on its own epoll loop (one I/O thread, no thread per
// connection). POST any path = RPC, OPTIONS = CORS preflight, GET /event-stream?id=N = SSE.
//
// Why not cpp-httplib's server: it holds a worker thread per connection (slow clients and SSE
// streams starve everyone else), drops pipelined requests, and parses loosely. Here a request
// must arrive whole within a deadline, framing is strict (http/incoming_request.h), pipelined
// requests are answered in order, SSE streams and requests waiting on the core hold no thread,
// and the listen backlog is the kernel's maximum.
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "core/node/node.h"
#include "host-native/http/incoming_request.h"
#include "host-native/http/request_gate.h"
#include "host-native/sse_sink.h"

namespace walletd {

struct HttpFrontLimits {
  HttpLimits parse;
  std::chrono::milliseconds request_deadline{10000};  // first byte to last byte of one request
  std::chrono::milliseconds idle_timeout{60000};      // keep-alive connection with nothing sent
  std::chrono::milliseconds write_deadline{30000};    // a response the client does not read
  std::size_t max_connections = 4096;
  std::size_t max_stream_backlog = 4 * 1024 * 1024;  // unsent SSE bytes before the stream closes
};

class HttpServer {
 public:
  HttpServer(Node& node, Executor& executor, SseSink& sink, HttpFrontLimits limits = {});
  ~HttpServer();

  // Binds to ip:port (0 = any free port); returns the bound port; throws on failure.
  int bind(const std::string& ip, int port);
  void start();
  void stop();

 private:
  struct Connection;
  using Clock = std::chrono::steady_clock;

  void run();
  void post(std::function<void()> work);  // runs `work` on the I/O thread
  void runPosted();
  void acceptAll();
  void onEvent(std::uint64_t id, std::uint32_t events);
  void readFrom(Connection& c);
  void processInput(Connection& c);
  void handle(Connection& c, IncomingRequest request);
  void dispatch(Connection& c, IncomingRequest request);
  void openStream(Connection& c, const IncomingRequest& request);
  std::string streamCorsHeader() const;
  void onAnswer(std::uint64_t id, int status, std::string body);
  void onStreamOpened(std::uint64_t id, std::string error, std::string token);
  void onStreamFrame(std::uint64_t id, std::string frame);
  void respond(Connection& c, int status, const std::string& content_type, const std::string& body,
               const std::string& extra_headers = "");
  void refuse(Connection& c, int status, const std::string& reason);
  void flush(Connection& c);
  void updateInterest(Connection& c);
  void close(std::uint64_t id);
  void reap();
  Connection* find(std::uint64_t id);  // null when unknown or closed
  void sweep(Clock::time_point now);
  bool evictIdle();

  Node& node_;
  Executor& executor_;
  SseSink& sink_;
  HttpFrontLimits limits_;
  GateSettings gate_;
  int listen_fd_ = -1;
  int epoll_fd_ = -1;
  int wake_fd_ = -1;
  std::map<std::uint64_t, std::unique_ptr<Connection>> connections_;
  std::vector<std::uint64_t> dead_;  // closed this round
  std::uint64_t next_id_ = 2;        // 0 and 1 tag the listen socket and the wake-up fd
  std::mutex posted_mutex_;
  std::deque<std::function<void()>> posted_;
  std::thread thread_;
  std::atomic<bool> stopping_{false};
};

// 127.0.0.0/8, ::1 and their IPv4-mapped forms.
bool isLoopbackAddress(const std::string& address);

}  // namespace walletd

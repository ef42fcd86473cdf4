// NativeHttpClient: the daemon's HttpClient. Requests run on worker threads with cpp-httplib
// (HTTPS through its OpenSSL build; certificates are verified against the system store, or the
// file named by SSL_CERT_FILE); completions are posted back to the core executor. Each worker
// keeps a keep-alive connection per node. An HTTP/2 request (gRPC) opens its own connection
// (http2_request.h).
//
// A node that accepts and never answers must not starve other coins: at most kPerNode requests
// run against one node (scheme://host:port) at a time, the rest wait in the queue without a
// thread, and workers are started on demand up to kMaxWorkers, so other nodes always find one.
// Connecting has its own, shorter deadline (kConnectTimeoutMs).
#pragma once

#include <condition_variable>
#include <deque>
#include <functional>
#include <map>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "core/platform/executor.h"
#include "core/platform/http_client.h"

namespace walletd {

class NativeHttpClient : public HttpClient {
 public:
  static constexpr std::size_t kPerNode = 4;
  static constexpr std::size_t kMaxWorkers = 64;
  static constexpr std::uint64_t kConnectTimeoutMs = 5000;

  explicit NativeHttpClient(Executor& core);
  ~NativeHttpClient() override { shutdown(); }
  // Drops the requests still queued (their callers would resume on a stopped core), lets the
  // running ones finish, and joins the workers. The daemon calls it once the core has stopped
  // and before the node goes, so that no worker writes an answer into a coroutine the node's
  // teardown freed.
  void shutdown();
  NativeHttpClient(const NativeHttpClient&) = delete;
  NativeHttpClient& operator=(const NativeHttpClient&) = delete;

  Task<HttpResponse> request(HttpRequest request) override;
  bool speaksHttp2() const override { return true; }

  // The blocking request itself (also used by tests): an answer, or TransportError.
  static HttpResponse perform(const HttpRequest& request);

 private:
  struct Job {
    std::string node;  // scheme://host:port
    std::function<void()> run;
  };
  void enqueue(Job job);
  void workerLoop();
  // The first queued job whose node is below kPerNode; jobs_.end() when none. Under mutex_.
  std::deque<Job>::iterator runnable();

  Executor& core_;
  std::mutex mutex_;
  std::condition_variable wake_;
  std::deque<Job> jobs_;
  std::map<std::string, std::size_t> running_;  // per node
  std::size_t idle_ = 0;
  bool stopping_ = false;
  std::vector<std::thread> workers_;
};

}  // namespace walletd

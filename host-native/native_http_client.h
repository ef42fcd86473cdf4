// NativeHttpClient: the daemon's HttpClient. Requests run on a small pool of worker threads with
// cpp-httplib (HTTPS through its OpenSSL build; certificates are verified against the system
// store, or the file named by SSL_CERT_FILE); completions are posted back to the core executor.
// Each worker keeps a keep-alive connection per node.
#pragma once

#include <condition_variable>
#include <deque>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

#include "core/platform/executor.h"
#include "core/platform/http_client.h"

namespace walletd {

class NativeHttpClient : public HttpClient {
 public:
  explicit NativeHttpClient(Executor& core, std::size_t workers = 8);
  ~NativeHttpClient() override;  // finishes queued requests' threads; joins the workers
  NativeHttpClient(const NativeHttpClient&) = delete;
  NativeHttpClient& operator=(const NativeHttpClient&) = delete;

  Task<HttpResponse> request(HttpRequest request) override;

  // The blocking request itself (also used by tests): an answer, or TransportError.
  static HttpResponse perform(const HttpRequest& request);

 private:
  void enqueue(std::function<void()> job);
  void workerLoop();

  Executor& core_;
  std::mutex mutex_;
  std::condition_variable wake_;
  std::deque<std::function<void()>> jobs_;
  bool stopping_ = false;
  std::vector<std::thread> workers_;
};

}  // namespace walletd

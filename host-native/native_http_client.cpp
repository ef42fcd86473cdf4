// NativeHttpClient.
#include "host-native/native_http_client.h"

#include <httplib.h>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <exception>
#include <map>
#include <memory>
#include <optional>

#include "host-native/http2_request.h"

namespace walletd {
namespace {

// "https://host:port/path?q" → ("https://host:port", "/path?q").
std::pair<std::string, std::string> splitUrl(const std::string& url) {
  const std::size_t scheme_end = url.find("://");
  if (scheme_end == std::string::npos) throw TransportError("URL has no scheme: " + url);
  const std::size_t path_start = url.find('/', scheme_end + 3);
  if (path_start == std::string::npos) return {url, "/"};
  return {url.substr(0, path_start), url.substr(path_start)};
}

// Suspends the calling coroutine until a worker finished the request and the core resumed it.
struct HttpAwaitable {
  std::function<void(std::string, std::function<void()>)> enqueue;
  Executor& core;
  HttpRequest request;
  std::optional<HttpResponse> response;
  std::exception_ptr error;

  bool await_ready() const noexcept { return false; }
  void await_suspend(coro::handle<> waiter) {
    std::string node;
    try {
      node = splitUrl(request.url).first;
    } catch (...) {
    }
    enqueue(node, [this, waiter]() mutable {
      try {
        response = NativeHttpClient::perform(request);
      } catch (...) {
        error = std::current_exception();
      }
      core.post([waiter]() mutable { waiter.resume(); });
    });
  }
  HttpResponse await_resume() {
    if (error) std::rethrow_exception(error);
    return std::move(*response);
  }
};

}  // namespace

NativeHttpClient::NativeHttpClient(Executor& core) : core_(core) {}

void NativeHttpClient::shutdown() {
  std::vector<std::thread> workers;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    stopping_ = true;
    jobs_.clear();
    workers = std::move(workers_);
    workers_.clear();
  }
  wake_.notify_all();
  for (auto& worker : workers) worker.join();
}

std::deque<NativeHttpClient::Job>::iterator NativeHttpClient::runnable() {
  for (auto it = jobs_.begin(); it != jobs_.end(); ++it) {
    if (running_[it->node] < kPerNode) return it;
  }
  return jobs_.end();
}

void NativeHttpClient::enqueue(Job job) {
  std::lock_guard<std::mutex> lock(mutex_);
  if (stopping_) return;  // the core has stopped: nobody would resume the caller
  jobs_.push_back(std::move(job));
  // A new worker when none is idle and this job could run now.
  if (idle_ == 0 && workers_.size() < kMaxWorkers && runnable() != jobs_.end()) {
    workers_.emplace_back([this] { workerLoop(); });
  }
  wake_.notify_all();
}

void NativeHttpClient::workerLoop() {
  std::unique_lock<std::mutex> lock(mutex_);
  for (;;) {
    ++idle_;
    wake_.wait(lock, [this] { return stopping_ || runnable() != jobs_.end(); });
    --idle_;
    auto it = runnable();
    if (it == jobs_.end()) return;  // stopping and nothing left that may run
    Job job = std::move(*it);
    jobs_.erase(it);
    ++running_[job.node];
    lock.unlock();
    job.run();
    lock.lock();
    if (--running_[job.node] == 0) running_.erase(job.node);
    wake_.notify_all();  // a job for this node may run now
  }
}

Task<HttpResponse> NativeHttpClient::request(HttpRequest request) {
  HttpAwaitable op{[this](std::string node, std::function<void()> job) {
                     enqueue(Job{std::move(node), std::move(job)});
                   },
                   core_, std::move(request), std::nullopt, nullptr};
  co_return co_await op;
}

namespace {

// Each worker keeps one keep-alive connection per node (base URL), so a node call does not pay a
// TCP (and TLS) handshake every time. A connection that failed is dropped, never reused.
class ConnectionCache {
 public:
  static constexpr std::size_t kMaxClients = 16;

  // The client for `base` (nullptr for an unusable URL) and whether it was used before.
  std::pair<httplib::Client*, bool> get(const std::string& base) {
    if (auto it = clients_.find(base); it != clients_.end()) return {it->second.get(), true};
    if (clients_.size() >= kMaxClients) clients_.clear();
    auto client = std::make_unique<httplib::Client>(base);
    if (!client->is_valid()) return {nullptr, false};
    client->set_keep_alive(true);
    client->set_tcp_nodelay(true);
    client->enable_server_certificate_verification(true);
    if (const char* ca_file = std::getenv("SSL_CERT_FILE"); ca_file && *ca_file)
      client->set_ca_cert_path(ca_file);
    return {clients_.emplace(base, std::move(client)).first->second.get(), false};
  }
  void forget(const std::string& base) { clients_.erase(base); }

 private:
  std::map<std::string, std::unique_ptr<httplib::Client>> clients_;
};

ConnectionCache& threadConnections() {
  thread_local ConnectionCache cache;
  return cache;
}

httplib::Result send(httplib::Client& client, const HttpRequest& request, const std::string& path) {
  const time_t seconds = static_cast<time_t>(request.timeout_ms / 1000);
  const time_t micros = static_cast<time_t>((request.timeout_ms % 1000) * 1000);
  const std::uint64_t connect_ms =
      std::min(request.timeout_ms, NativeHttpClient::kConnectTimeoutMs);
  client.set_connection_timeout(static_cast<time_t>(connect_ms / 1000),
                                static_cast<time_t>((connect_ms % 1000) * 1000));
  client.set_read_timeout(seconds, micros);
  client.set_write_timeout(seconds, micros);
  httplib::Headers headers;
  std::string content_type = "application/json";
  for (const auto& [name, value] : request.headers) {
    if (name == "Content-Type" || name == "content-type") {
      content_type = value;
    } else {
      headers.emplace(name, value);
    }
  }
  return request.method == "GET" ? client.Get(path, headers)
                                 : client.Post(path, headers, request.body, content_type);
}

}  // namespace

HttpResponse NativeHttpClient::perform(const HttpRequest& request) {
  if (request.http2) return performHttp2(request, kConnectTimeoutMs);
  const auto [base, path] = splitUrl(request.url);
  ConnectionCache& connections = threadConnections();
  for (int attempt = 0;; ++attempt) {
    auto [client, reused] = connections.get(base);
    if (client == nullptr) throw TransportError("unsupported URL: " + request.url);
    const auto started = std::chrono::steady_clock::now();
    httplib::Result result = send(*client, request, path);
    const auto elapsed_ms = std::chrono::duration_cast<std::chrono::milliseconds>(
                                std::chrono::steady_clock::now() - started)
                                .count();
    if (result) {
      HttpResponse response;
      response.status = result->status;
      response.body = result->body;
      for (const auto& [name, value] : result->headers) response.headers.emplace_back(name, value);
      return response;
    }
    connections.forget(base);
    const httplib::Error error = result.error();
    // The peer did not answer within the timeout: that is the answer, never a second wait.
    if (static_cast<std::uint64_t>(elapsed_ms) + 50 >= request.timeout_ms) {
      throw TransportError("no answer within " + std::to_string(request.timeout_ms) + " ms");
    }
    // A node may close an idle kept-alive connection: one fresh attempt. (Resending is safe: the
    // calls are reads, a raw transaction sent twice has one hash, and a relay permit's nonce
    // makes a second submit fail.)
    if (reused && attempt == 0 &&
        (error == httplib::Error::Read || error == httplib::Error::Write ||
         error == httplib::Error::Connection)) {
      continue;
    }
    std::string reason = httplib::to_string(error);
    if (error == httplib::Error::SSLServerVerification)
      reason = "the server's TLS certificate is not trusted";
    throw TransportError(reason);
  }
}

}  // namespace walletd

// NativeHttpClient.
#include "host-native/native_http_client.h"

#include <httplib.h>

#include <cstdlib>
#include <exception>
#include <optional>

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
  std::function<void(std::function<void()>)> enqueue;
  Executor& core;
  HttpRequest request;
  std::optional<HttpResponse> response;
  std::exception_ptr error;

  bool await_ready() const noexcept { return false; }
  void await_suspend(coro::handle<> waiter) {
    enqueue([this, waiter]() mutable {
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

NativeHttpClient::NativeHttpClient(Executor& core, std::size_t workers) : core_(core) {
  for (std::size_t i = 0; i < workers; ++i) workers_.emplace_back([this] { workerLoop(); });
}

NativeHttpClient::~NativeHttpClient() {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    stopping_ = true;
  }
  wake_.notify_all();
  for (auto& worker : workers_) worker.join();
}

void NativeHttpClient::enqueue(std::function<void()> job) {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    jobs_.push_back(std::move(job));
  }
  wake_.notify_one();
}

void NativeHttpClient::workerLoop() {
  for (;;) {
    std::function<void()> job;
    {
      std::unique_lock<std::mutex> lock(mutex_);
      wake_.wait(lock, [this] { return stopping_ || !jobs_.empty(); });
      if (jobs_.empty()) return;  // stopping and drained
      job = std::move(jobs_.front());
      jobs_.pop_front();
    }
    job();
  }
}

Task<HttpResponse> NativeHttpClient::request(HttpRequest request) {
  HttpAwaitable op{[this](std::function<void()> job) { enqueue(std::move(job)); }, core_,
                   std::move(request), std::nullopt, nullptr};
  co_return co_await op;
}

HttpResponse NativeHttpClient::perform(const HttpRequest& request) {
  const auto [base, path] = splitUrl(request.url);
  httplib::Client client(base);
  if (!client.is_valid()) throw TransportError("unsupported URL: " + request.url);
  const time_t seconds = static_cast<time_t>(request.timeout_ms / 1000);
  const time_t micros = static_cast<time_t>((request.timeout_ms % 1000) * 1000);
  client.set_connection_timeout(seconds, micros);
  client.set_read_timeout(seconds, micros);
  client.set_write_timeout(seconds, micros);
  client.enable_server_certificate_verification(true);
  if (const char* ca_file = std::getenv("SSL_CERT_FILE"); ca_file && *ca_file)
    client.set_ca_cert_path(ca_file);
  httplib::Headers headers;
  std::string content_type = "application/json";
  for (const auto& [name, value] : request.headers) {
    if (name == "Content-Type" || name == "content-type") {
      content_type = value;
    } else {
      headers.emplace(name, value);
    }
  }
  httplib::Result result = request.method == "GET"
                               ? client.Get(path, headers)
                               : client.Post(path, headers, request.body, content_type);
  if (!result) {
    std::string reason = httplib::to_string(result.error());
    if (result.error() == httplib::Error::SSLServerVerification)
      reason = "the server's TLS certificate is not trusted";
    throw TransportError(reason);
  }
  HttpResponse response;
  response.status = result->status;
  response.body = result->body;
  for (const auto& [name, value] : result->headers) response.headers.emplace_back(name, value);
  return response;
}

}  // namespace walletd

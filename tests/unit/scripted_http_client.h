// ScriptedHttpClient: an HttpClient for unit tests that answers by URL from a script (a status and
// body, or a transport failure) and records every request. While `hold` is set, requests wait
// until release(), so a test can look at work that is still in flight.
#pragma once

#include <functional>
#include <map>

#include "core/platform/http_client.h"

namespace walletd::test {

class ScriptedHttpClient : public HttpClient {
 public:
  using Responder = std::function<HttpResponse(const HttpRequest&)>;
  void on(const std::string& url, Responder responder) { responders_[url] = std::move(responder); }
  Task<HttpResponse> request(HttpRequest request) override {
    requests.push_back(request);
    co_await Park{this};
    auto it = responders_.find(request.url);
    if (it == responders_.end()) throw TransportError("connection refused");
    co_return it->second(request);
  }
  std::vector<HttpRequest> requests;
  bool hold = false;

  // Lets every waiting request go on (they answer from the script as usual).
  void release() {
    hold = false;
    auto waiting = std::move(parked_);
    parked_.clear();
    for (auto h : waiting) h.resume();
  }

 private:
  struct Park {
    ScriptedHttpClient* self;
    bool await_ready() const noexcept { return !self->hold; }
    void await_suspend(coro::handle<> h) { self->parked_.push_back(h); }
    void await_resume() const noexcept {}
  };
  std::vector<coro::handle<>> parked_;
  std::map<std::string, Responder> responders_;
};

}  // namespace walletd::test

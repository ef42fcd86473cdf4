// ScriptedHttpClient: an HttpClient for unit tests that answers by URL from a script (a status and
// body, or a transport failure) and records every request.
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
    auto it = responders_.find(request.url);
    if (it == responders_.end()) throw TransportError("connection refused");
    co_return it->second(request);
  }
  std::vector<HttpRequest> requests;

 private:
  std::map<std::string, Responder> responders_;
};

}  // namespace walletd::test

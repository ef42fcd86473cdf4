// HttpClient: one HTTP(S) request and its answer. Implemented by the hosts (cpp-httplib natively,
// fetch in browsers) when the first coin family needs it; declared here so the seam is fixed.
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "core/async/task.h"

namespace walletd {

struct HttpRequest {
  std::string method = "GET";
  std::string url;
  std::vector<std::pair<std::string, std::string>> headers;
  std::string body;
  std::uint64_t timeout_ms = 15000;
};

struct HttpResponse {
  int status = 0;
  std::vector<std::pair<std::string, std::string>> headers;
  std::string body;
};

class HttpClient {
 public:
  virtual ~HttpClient() = default;
  // Throws TransportError (core/rpc) on connection failure or timeout.
  virtual Task<HttpResponse> request(HttpRequest request) = 0;
};

}  // namespace walletd

// HttpClient: one HTTP(S) request and its answer. Implemented by the hosts: cpp-httplib on worker
// threads natively (HTTPS through its OpenSSL build; HTTP/2 through libnghttp2), fetch in
// browsers.
#pragma once

#include <cstdint>
#include <stdexcept>
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
  // The body and the answer's body are bytes, not text (gRPC-web frames): a host whose bridge
  // carries text (the browser's) must move them unchanged.
  bool binary = false;
  // HTTP/2 (gRPC): h2 by ALPN over TLS, prior knowledge over http://. Only for a client whose
  // speaksHttp2() is true; the answer's trailers are appended to its headers.
  bool http2 = false;
};

struct HttpResponse {
  int status = 0;
  std::vector<std::pair<std::string, std::string>> headers;
  std::string body;
};

// No HTTP answer at all: connection refused, TLS failure (an untrusted certificate), timeout.
struct TransportError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

class HttpClient {
 public:
  virtual ~HttpClient() = default;
  // Any HTTP status is an answer; throws TransportError when there is none.
  virtual Task<HttpResponse> request(HttpRequest request) = 0;
  // True when requests may ask for HTTP/2 (the daemon); a browser's fetch cannot speak gRPC.
  virtual bool speaksHttp2() const { return false; }
};

}  // namespace walletd

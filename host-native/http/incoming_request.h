// IncomingRequest and the strict, incremental HTTP/1.1 request parser the daemon's front uses.
// Strict means: CRLF line endings only, one Host, at most one Content-Length (digits only),
// never Content-Length together with Transfer-Encoding, no obsolete line folding, bounded
// header count and size. A refusal carries the status to answer and a fixed reason that never
// quotes the request's bytes (a password may be among them).
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace walletd {

struct HttpLimits {
  std::size_t max_request_line = 8 * 1024;
  std::size_t max_header_bytes = 16 * 1024;  // all header lines together
  std::size_t max_headers = 64;
  std::size_t max_body = 2 * 1024 * 1024;
};

struct IncomingRequest {
  std::string method;
  std::string target;
  bool http11 = true;                                        // false: HTTP/1.0
  std::vector<std::pair<std::string, std::string>> headers;  // names lower-cased
  std::string body;
  bool keep_alive = true;

  // The value of the first header named `lower_name`, or null.
  const std::string* header(std::string_view lower_name) const;
  // The path part of the target (before '?').
  std::string_view path() const;
  // The decoded value of query parameter `name`, or null when absent.
  bool queryParam(std::string_view name, std::string& value) const;
};

struct ParseResult {
  enum class Kind { NeedMore, Complete, Bad };
  Kind kind = Kind::NeedMore;
  std::size_t consumed = 0;       // Complete: bytes of the buffer this request used
  int status = 0;                 // Bad: the status to answer (400, 413, 431, 501, 505)
  const char* reason = "";        // Bad: fixed text, never request bytes
  bool expects_continue = false;  // NeedMore after complete headers with `Expect: 100-continue`
  std::size_t needed =
      0;  // NeedMore: retry once the buffer holds this many bytes (0: on a new line)
};

// Parses the request at the start of `buffer` into `out`. NeedMore leaves `out` unspecified.
ParseResult parseHttpRequest(std::string_view buffer, const HttpLimits& limits,
                             IncomingRequest& out);

}  // namespace walletd

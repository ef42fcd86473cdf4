// The strict HTTP/1.1 request parser. It re-reads the request from its first byte on each call
// but skips body bytes by arithmetic, so a call costs O(header bytes + chunk count); the front
// calls it again only when `needed` bytes or a new line arrived.
#include "host-native/http/incoming_request.h"

#include "host-native/http/ascii.h"

#include <algorithm>
#include <cctype>

namespace walletd {

namespace {

using Kind = ParseResult::Kind;

constexpr std::size_t kMaxChunks = 4096;
constexpr std::size_t kMaxChunkLine = 256;

ParseResult bad(int status, const char* reason) {
  ParseResult r;
  r.kind = Kind::Bad;
  r.status = status;
  r.reason = reason;
  return r;
}

ParseResult needMore(std::size_t needed = 0, bool expects_continue = false) {
  ParseResult r;
  r.needed = needed;
  r.expects_continue = expects_continue;
  return r;
}

bool isTchar(unsigned char c) {
  return std::isalnum(c) ||
         std::string_view("!#$%&'*+-.^_`|~").find(static_cast<char>(c)) != std::string_view::npos;
}

bool isToken(std::string_view s) {
  return !s.empty() && std::all_of(s.begin(), s.end(), [](char c) { return isTchar(c); });
}

// Visible ASCII, space, tab and obs-text; never CR, LF, NUL or other controls.
bool isFieldValue(std::string_view s) {
  return std::all_of(s.begin(), s.end(), [](char ch) {
    auto c = static_cast<unsigned char>(ch);
    return c == '\t' || (c >= 0x20 && c != 0x7f);
  });
}

bool isTarget(std::string_view s) {
  return !s.empty() && std::all_of(s.begin(), s.end(), [](char ch) {
    auto c = static_cast<unsigned char>(ch);
    return c > 0x20 && c < 0x7f;
  });
}

std::string_view trimOws(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
  return s;
}

bool hasBareLf(std::string_view s) {
  for (std::size_t i = 0; i < s.size(); ++i) {
    if (s[i] == '\n' && (i == 0 || s[i - 1] != '\r')) return true;
  }
  return false;
}

// A comma-separated header value holds `token` (case-insensitive).
bool listHas(std::string_view value, std::string_view token) {
  std::size_t start = 0;
  while (start <= value.size()) {
    std::size_t comma = value.find(',', start);
    std::string_view item =
        trimOws(value.substr(start, comma == std::string_view::npos ? value.npos : comma - start));
    if (asciiLower(item) == token) return true;
    if (comma == std::string_view::npos) break;
    start = comma + 1;
  }
  return false;
}

int hexValue(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

// Parses "METHOD SP target SP HTTP/1.x".
ParseResult parseRequestLine(std::string_view line, IncomingRequest& out) {
  std::size_t sp1 = line.find(' ');
  std::size_t sp2 = sp1 == line.npos ? line.npos : line.find(' ', sp1 + 1);
  if (sp2 == line.npos || line.find(' ', sp2 + 1) != line.npos) {
    return bad(400, "malformed request line");
  }
  std::string_view method = line.substr(0, sp1);
  std::string_view target = line.substr(sp1 + 1, sp2 - sp1 - 1);
  std::string_view version = line.substr(sp2 + 1);
  if (!isToken(method)) return bad(400, "malformed request method");
  if (!isTarget(target)) return bad(400, "malformed request target");
  if (version == "HTTP/1.1") {
    out.http11 = true;
  } else if (version == "HTTP/1.0") {
    out.http11 = false;
  } else if (version.size() == 8 && version.substr(0, 5) == "HTTP/" && std::isdigit(version[5]) &&
             version[6] == '.' && std::isdigit(version[7])) {
    return bad(505, "HTTP version not supported");
  } else {
    return bad(400, "malformed HTTP version");
  }
  out.method = std::string(method);
  out.target = std::string(target);
  return ParseResult{Kind::Complete};
}

// Decodes a chunked body starting at `pos`; `consumed` is set on Complete.
ParseResult parseChunked(std::string_view buffer, std::size_t pos, const HttpLimits& limits,
                         bool expects_continue, std::string& body) {
  body.clear();
  std::size_t total = 0;
  for (std::size_t chunks = 0;; ++chunks) {
    if (chunks > kMaxChunks) return bad(400, "too many chunks");
    std::size_t line_end = buffer.find("\r\n", pos);
    if (line_end == buffer.npos) {
      if (buffer.size() - pos > kMaxChunkLine) return bad(400, "malformed chunk size");
      if (hasBareLf(buffer.substr(pos))) return bad(400, "bare LF in chunk size line");
      return needMore(0, expects_continue);
    }
    std::string_view line = buffer.substr(pos, line_end - pos);
    if (line.size() > kMaxChunkLine) return bad(400, "malformed chunk size");
    std::size_t digits = 0;
    std::uint64_t size = 0;
    while (digits < line.size() && hexValue(line[digits]) >= 0) {
      if (digits == 8) return bad(413, "chunk too large");
      size = size * 16 + static_cast<std::uint64_t>(hexValue(line[digits]));
      ++digits;
    }
    if (digits == 0) return bad(400, "malformed chunk size");
    std::string_view rest = line.substr(digits);
    if (!rest.empty() && (rest.front() != ';' || !isFieldValue(rest))) {
      return bad(400, "malformed chunk extension");
    }
    pos = line_end + 2;
    if (size == 0) {
      if (buffer.size() < pos + 2) return needMore(pos + 2, expects_continue);
      if (buffer.substr(pos, 2) != "\r\n") return bad(400, "chunked trailers are not accepted");
      ParseResult done{Kind::Complete};
      done.consumed = pos + 2;
      return done;
    }
    total += size;
    if (total > limits.max_body) return bad(413, "request body too large");
    if (buffer.size() < pos + size + 2) return needMore(pos + size + 2, expects_continue);
    if (buffer.substr(pos + size, 2) != "\r\n") return bad(400, "malformed chunk");
    body.append(buffer.substr(pos, size));
    pos += size + 2;
  }
}

}  // namespace

const std::string* IncomingRequest::header(std::string_view lower_name) const {
  for (const auto& [name, value] : headers) {
    if (name == lower_name) return &value;
  }
  return nullptr;
}

std::string_view IncomingRequest::path() const {
  std::string_view t = target;
  return t.substr(0, t.find('?'));
}

bool IncomingRequest::queryParam(std::string_view name, std::string& value) const {
  std::string_view t = target;
  std::size_t q = t.find('?');
  if (q == t.npos) return false;
  std::string_view query = t.substr(q + 1);
  while (!query.empty()) {
    std::size_t amp = query.find('&');
    std::string_view pair = query.substr(0, amp);
    std::size_t eq = pair.find('=');
    if (pair.substr(0, eq) == name) {
      std::string_view raw = eq == pair.npos ? std::string_view() : pair.substr(eq + 1);
      value.clear();
      for (std::size_t i = 0; i < raw.size(); ++i) {
        if (raw[i] == '%' && i + 2 < raw.size() && hexValue(raw[i + 1]) >= 0 &&
            hexValue(raw[i + 2]) >= 0) {
          value += static_cast<char>(hexValue(raw[i + 1]) * 16 + hexValue(raw[i + 2]));
          i += 2;
        } else {
          value += raw[i] == '+' ? ' ' : raw[i];
        }
      }
      return true;
    }
    if (amp == query.npos) break;
    query.remove_prefix(amp + 1);
  }
  return false;
}

ParseResult parseHttpRequest(std::string_view buffer, const HttpLimits& limits,
                             IncomingRequest& out) {
  // Empty lines before a request are ignored (RFC 9112 2.2), a few of them.
  std::size_t pos = 0;
  while (pos < 8 && buffer.substr(pos, 2) == "\r\n") pos += 2;
  if (buffer.substr(pos).empty() || buffer.substr(pos) == "\r") return needMore();

  std::size_t line_end = buffer.find("\r\n", pos);
  if (line_end == buffer.npos || line_end - pos > limits.max_request_line) {
    std::string_view partial = buffer.substr(pos);
    if (partial.size() > limits.max_request_line) return bad(414, "request line too long");
    if (hasBareLf(partial)) return bad(400, "bare LF in request line");
    if (!partial.empty() && !isTchar(static_cast<unsigned char>(partial.front()))) {
      return bad(400, "malformed request line");
    }
    return needMore();
  }
  out.headers.clear();
  out.body.clear();
  if (ParseResult line = parseRequestLine(buffer.substr(pos, line_end - pos), out);
      line.kind == Kind::Bad) {
    return line;
  }

  const std::size_t headers_start = line_end + 2;
  pos = headers_start;
  for (;;) {
    std::size_t end = buffer.find("\r\n", pos);
    if (end == buffer.npos || end - headers_start > limits.max_header_bytes) {
      if (buffer.size() - headers_start > limits.max_header_bytes) {
        return bad(431, "request header fields too large");
      }
      if (hasBareLf(buffer.substr(pos))) return bad(400, "bare LF in header section");
      return needMore();
    }
    if (end == pos) {
      pos = end + 2;
      break;
    }
    std::string_view line = buffer.substr(pos, end - pos);
    if (line.front() == ' ' || line.front() == '\t') return bad(400, "obsolete line folding");
    std::size_t colon = line.find(':');
    if (colon == line.npos || !isToken(line.substr(0, colon))) {
      return bad(400, "malformed header field");
    }
    std::string_view value = trimOws(line.substr(colon + 1));
    if (!isFieldValue(value)) return bad(400, "malformed header value");
    if (out.headers.size() == limits.max_headers) return bad(431, "too many header fields");
    out.headers.emplace_back(asciiLower(line.substr(0, colon)), std::string(value));
    pos = end + 2;
  }

  std::size_t hosts = 0, lengths = 0, encodings = 0;
  const std::string* length = nullptr;
  const std::string* encoding = nullptr;
  out.keep_alive = out.http11;
  bool expects_continue = false;
  for (const auto& [name, value] : out.headers) {
    if (name == "host") ++hosts;
    if (name == "content-length") ++lengths, length = &value;
    if (name == "transfer-encoding") ++encodings, encoding = &value;
    if (name == "connection") {
      if (listHas(value, "close")) out.keep_alive = false;
      if (!out.http11 && listHas(value, "keep-alive")) out.keep_alive = true;
    }
    if (name == "expect") {
      if (asciiLower(value) != "100-continue") return bad(417, "unsupported expectation");
      expects_continue = out.http11;
    }
  }
  if (hosts > 1 || (out.http11 && hosts == 0)) return bad(400, "exactly one Host header expected");
  if (lengths > 1) return bad(400, "conflicting Content-Length headers");
  if (lengths == 1 && encodings > 0) {
    return bad(400, "Content-Length together with Transfer-Encoding");
  }
  if (encodings > 1 || (encodings == 1 && !out.http11)) {
    return bad(400, "unexpected Transfer-Encoding");
  }
  if (encoding) {
    if (asciiLower(*encoding) != "chunked")
      return bad(501, "only chunked transfer coding is supported");
    return parseChunked(buffer, pos, limits, expects_continue, out.body);
  }
  std::size_t body_size = 0;
  if (length) {
    if (!allDigits(*length) || length->size() > 19) {
      return bad(400, "malformed Content-Length");
    }
    std::uint64_t n = std::stoull(*length);
    if (n > limits.max_body) return bad(413, "request body too large");
    body_size = static_cast<std::size_t>(n);
  }
  if (buffer.size() - pos < body_size) return needMore(pos + body_size, expects_continue);
  out.body.assign(buffer.substr(pos, body_size));
  ParseResult done{Kind::Complete};
  done.consumed = pos + body_size;
  return done;
}

}  // namespace walletd

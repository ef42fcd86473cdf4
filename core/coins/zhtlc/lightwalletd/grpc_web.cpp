// gRPC-web framing and status, per the gRPC-web protocol document (PROTOCOL-WEB.md), and gRPC's
// over HTTP/2 (PROTOCOL-HTTP2.md).
#include "core/coins/zhtlc/lightwalletd/grpc_web.h"

#include <cctype>

namespace walletd {
namespace {

constexpr std::uint8_t kTrailerFlag = 0x80;
constexpr std::uint8_t kCompressedFlag = 0x01;

std::string lower(std::string text) {
  for (char& c : text) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return text;
}

std::optional<std::string> header(const HttpResponse& response, const std::string& name) {
  for (const auto& [key, value] : response.headers) {
    if (lower(key) == name) return value;
  }
  return std::nullopt;
}

// grpc-message is percent-encoded.
std::string percentDecoded(const std::string& text) {
  std::string out;
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '%' && i + 2 < text.size() &&
        std::isxdigit(static_cast<unsigned char>(text[i + 1])) &&
        std::isxdigit(static_cast<unsigned char>(text[i + 2]))) {
      out.push_back(static_cast<char>(std::stoi(text.substr(i + 1, 2), nullptr, 16)));
      i += 2;
    } else {
      out.push_back(text[i]);
    }
  }
  return out;
}

// "grpc-status:0\r\ngrpc-message:...\r\n" as (status, message).
void checkStatus(const std::optional<std::string>& status,
                 const std::optional<std::string>& message) {
  if (!status) throw GrpcError(-1, "the answer has no grpc-status");
  int code = -1;
  try {
    code = std::stoi(*status);
  } catch (const std::exception&) {
    throw GrpcError(-1, "grpc-status is not a number: " + *status);
  }
  if (code != 0) {
    throw GrpcError(
        code, "gRPC status " + std::to_string(code) + ": " + percentDecoded(message.value_or("")));
  }
}

void checkTrailers(const std::string& text) {
  std::optional<std::string> status, message;
  std::size_t start = 0;
  while (start < text.size()) {
    std::size_t end = text.find("\r\n", start);
    if (end == std::string::npos) end = text.size();
    const std::string line = text.substr(start, end - start);
    const std::size_t colon = line.find(':');
    if (colon != std::string::npos) {
      const std::string key = lower(line.substr(0, colon));
      std::string value = line.substr(colon + 1);
      while (!value.empty() && value.front() == ' ') value.erase(value.begin());
      if (key == "grpc-status") status = value;
      if (key == "grpc-message") message = value;
    }
    start = end + 2;
  }
  checkStatus(status, message);
}

}  // namespace

std::string grpcWebFrame(ByteView message) {
  std::string frame(5, '\0');
  const auto size = static_cast<std::uint32_t>(message.size());
  for (int i = 0; i < 4; ++i) frame[1 + i] = static_cast<char>(size >> (8 * (3 - i)));
  frame.append(reinterpret_cast<const char*>(message.data()), message.size());
  return frame;
}

namespace {

// The frames of an answer's body: each message, and for gRPC-web the trailer frames' checks.
std::vector<Bytes> framesOf(const HttpResponse& response, bool web, bool& trailers_seen) {
  if (response.status != 200) {
    throw GrpcError(-1, "HTTP status " + std::to_string(response.status) + " from the server");
  }
  const std::string& body = response.body;
  std::vector<Bytes> messages;
  std::size_t pos = 0;
  while (pos < body.size()) {
    if (body.size() - pos < 5) throw GrpcError(-1, "a truncated gRPC frame");
    const auto flag = static_cast<std::uint8_t>(body[pos]);
    std::size_t size = 0;
    for (int i = 1; i <= 4; ++i) size = (size << 8) | static_cast<std::uint8_t>(body[pos + i]);
    if (body.size() - pos - 5 < size) throw GrpcError(-1, "a truncated gRPC frame");
    const std::string payload = body.substr(pos + 5, size);
    pos += 5 + size;
    if (web && (flag & kTrailerFlag)) {
      checkTrailers(payload);
      trailers_seen = true;
    } else if (flag != 0) {
      throw GrpcError(-1, "a compressed or unknown gRPC frame (walletd asks for no compression)");
    } else {
      messages.emplace_back(payload.begin(), payload.end());
    }
  }
  return messages;
}

HttpRequest callRequest(const std::string& base_url, const std::string& path, ByteView message,
                        std::uint64_t timeout_ms,
                        std::vector<std::pair<std::string, std::string>> headers) {
  HttpRequest request;
  request.method = "POST";
  std::string base = base_url;
  while (!base.empty() && base.back() == '/') base.pop_back();
  request.url = base + path;
  request.headers = std::move(headers);
  request.body = grpcWebFrame(message);
  request.timeout_ms = timeout_ms;
  request.binary = true;
  return request;
}

}  // namespace

HttpRequest grpcWebRequest(const std::string& base_url, const std::string& path, ByteView message,
                           std::uint64_t timeout_ms) {
  return callRequest(base_url, path, message, timeout_ms,
                     {{"content-type", "application/grpc-web+proto"},
                      {"accept", "application/grpc-web+proto"},
                      {"x-grpc-web", "1"}});
}

std::vector<Bytes> grpcWebMessages(const HttpResponse& response) {
  bool trailers_seen = false;
  std::vector<Bytes> messages = framesOf(response, true, trailers_seen);
  if (!trailers_seen)
    checkStatus(header(response, "grpc-status"), header(response, "grpc-message"));
  return messages;
}

HttpRequest grpcRequest(const std::string& base_url, const std::string& path, ByteView message,
                        std::uint64_t timeout_ms) {
  HttpRequest request = callRequest(base_url, path, message, timeout_ms,
                                    {{"content-type", "application/grpc"},
                                     {"te", "trailers"},
                                     {"grpc-accept-encoding", "identity"},
                                     {"user-agent", "walletd-grpc"}});
  request.http2 = true;
  return request;
}

std::vector<Bytes> grpcMessages(const HttpResponse& response) {
  // A failed call may answer with no body at all: its status comes first.
  const auto status = header(response, "grpc-status");
  if (response.status == 200 && status && *status != "0")
    checkStatus(status, header(response, "grpc-message"));
  bool unused = false;
  std::vector<Bytes> messages = framesOf(response, false, unused);
  checkStatus(status, header(response, "grpc-message"));
  return messages;
}

}  // namespace walletd

// gRPC's two wires. Both frame a message as a flag byte (0) and a big-endian length. gRPC-web
// (HTTP/1.1 and fetch): an answer is data frames then one trailer frame (flag 0x80) whose text
// carries grpc-status and grpc-message — or, for an answer with no messages, those two as HTTP
// headers. gRPC over HTTP/2 (the daemon): data frames, and grpc-status in the HTTP/2 trailers
// (or the headers of a trailers-only answer). walletd asks for no compression, so a compressed
// frame is an error.
#pragma once

#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/crypto/bytes.h"
#include "core/platform/http_client.h"

namespace walletd {

// A call that failed: a gRPC status other than OK (0), or an answer that is not gRPC-web.
struct GrpcError : std::runtime_error {
  GrpcError(int status, const std::string& message)
      : std::runtime_error(message), grpc_status(status) {}
  int grpc_status;  // -1: not a gRPC answer
};

std::string grpcWebFrame(ByteView message);

// The HTTP request of a unary or server-streaming call to `path` ("/package.Service/Method").
HttpRequest grpcWebRequest(const std::string& base_url, const std::string& path, ByteView message,
                           std::uint64_t timeout_ms);

// The messages of an answer; throws GrpcError for a status other than OK.
std::vector<Bytes> grpcWebMessages(const HttpResponse& response);

// The same call over HTTP/2 (content-type application/grpc, te: trailers).
HttpRequest grpcRequest(const std::string& base_url, const std::string& path, ByteView message,
                        std::uint64_t timeout_ms);
std::vector<Bytes> grpcMessages(const HttpResponse& response);

}  // namespace walletd

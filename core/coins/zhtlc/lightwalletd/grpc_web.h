// gRPC-web (the gRPC protocol over HTTP/1.1 and fetch): a request is one length-prefixed message
// (flag byte 0, big-endian length); an answer is data frames then one trailer frame (flag 0x80)
// whose text carries grpc-status and grpc-message — or, for an answer with no messages, those two
// as HTTP headers. walletd asks for no compression, so a compressed frame is an error.
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

}  // namespace walletd

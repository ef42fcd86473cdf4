// performHttp2: one HTTP/2 request on its own connection, blocking (a worker thread's job): h2
// over TLS chosen by ALPN for https:// (certificates verified against the system store, or the
// file SSL_CERT_FILE names), h2c with prior knowledge for http://, as gRPC clients connect. The
// answer's trailers (gRPC's grpc-status) are appended to its headers. libnghttp2 does the
// framing and HPACK; OpenSSL the TLS.
#pragma once

#include "core/platform/http_client.h"

namespace walletd {

// An answer, or TransportError (no connection, TLS refused, no HTTP/2, timeout, reset stream).
HttpResponse performHttp2(const HttpRequest& request, std::uint64_t connect_timeout_ms);

}  // namespace walletd

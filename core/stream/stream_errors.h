// Errors of the stream::* methods and of the SSE endpoint (KDF's EnableStreamingRequestError
// and DisableStreamingRequestError families).
#pragma once

#include "core/rpc/rpc_error.h"

namespace walletd {

// EnableError: e.g. "UnknownClient", "ClientAlreadyListening"
// DisableError: e.g. "UnknownClient", "StreamerNotFound"
// clang-format off
#define WALLETD_STREAM_ERRORS(X) \
  X(EnableError, 400)            \
  X(DisableError, 400) X(CoinNotFound, 404) X(CoinNotSupported, 501) X(Internal, 500)
// clang-format on
WALLETD_ERROR_FAMILY(StreamError, WALLETD_STREAM_ERRORS)

}  // namespace walletd

// Errors of the stream::* methods and of the SSE endpoint (KDF's EnableStreamingRequestError
// and DisableStreamingRequestError families).
#pragma once

#include "core/rpc/rpc_error.h"

namespace walletd {

enum class StreamError {
  EnableError,       // 400, e.g. "UnknownClient", "ClientAlreadyListening"
  DisableError,      // 400, e.g. "UnknownClient", "StreamerNotFound"
  CoinNotFound,      // 404
  CoinNotSupported,  // 501
  Internal,          // 500
};

inline ErrorKindInfo describe(StreamError e) {
  switch (e) {
    case StreamError::EnableError:
      return {"EnableError", 400};
    case StreamError::DisableError:
      return {"DisableError", 400};
    case StreamError::CoinNotFound:
      return {"CoinNotFound", 404};
    case StreamError::CoinNotSupported:
      return {"CoinNotSupported", 501};
    case StreamError::Internal:
      return {"Internal", 500};
  }
  return {"Internal", 500};
}

}  // namespace walletd

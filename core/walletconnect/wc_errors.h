// KDF's WalletConnectRpcError (the wc_* methods), and the failures of a request to the wallet
// that activation and withdraw turn into their own errors.
#pragma once

#include <stdexcept>
#include <string>

#include "core/rpc/rpc_error.h"

namespace walletd {

// InitializationError: the WalletConnect context cannot start (no relay, no websocket host).
// SessionRequestError: an unknown topic, a relay that does not answer, a wallet that refuses or
// stays silent. error_data = the message for each.
// clang-format off
#define WALLETD_WALLETCONNECT_ERRORS(X) \
  X(InitializationError, 400) X(SessionRequestError, 500) X(InternalError, 500)
// clang-format on
WALLETD_ERROR_FAMILY(WalletConnectRpcError, WALLETD_WALLETCONNECT_ERRORS)

namespace wc {

// Why a request to the wallet failed.
struct RequestFailure : std::runtime_error {
  enum class Kind { NoSession, Rejected, Timeout, Relay };
  RequestFailure(Kind kind_, const std::string& message, int code_ = 0)
      : std::runtime_error(message), kind(kind_), code(code_) {}
  Kind kind;
  int code;  // the wallet's JSON-RPC error code (Rejected)
};

}  // namespace wc
}  // namespace walletd

// KDF's DispatcherError family: what the dispatcher itself refuses before any handler runs.
#pragma once

#include "core/rpc/rpc_error.h"

namespace walletd {

// Banned: "Your ip is banned."
// NoSuchMethod: "No such method"
// InvalidRequest: "Error parsing request: {detail}", error_data = detail
// LocalHostOnly: "Selected method can be called from localhost only!"
// UserpassIsNotSet: "Userpass is not set!"
// UserpassIsInvalid: error_data {"error_type":"NbAttemptsLeft","error_data":n}
// InvalidMmRpcVersion: "Error parsing mmrpc version: {detail}"
// AuthRateLimited (walletd): too many wrong passwords are waiting for their answers
// ResultTypeMismatch (walletd, only with the result type check on): a result is not of its
//   method's declared type, or its parser reads a params field the declared params type does
//   not have — a walletd bug, named in the message
// clang-format off
#define WALLETD_DISPATCHER_ERRORS(X)                                             \
  X(Banned, 403)                                                                 \
  X(NoSuchMethod, 400)                                                           \
  X(InvalidRequest, 400)                                                         \
  X(LocalHostOnly, 403)                                                          \
  X(UserpassIsNotSet, 403) X(UserpassIsInvalid, 403) X(InvalidMmRpcVersion, 400) \
      X(AuthRateLimited, 429) X(ResultTypeMismatch, 500)
// clang-format on
WALLETD_ERROR_FAMILY(DispatcherError, WALLETD_DISPATCHER_ERRORS)

}  // namespace walletd

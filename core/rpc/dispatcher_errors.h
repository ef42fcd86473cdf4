// KDF's DispatcherError family: what the dispatcher itself refuses before any handler runs.
#pragma once

#include "core/rpc/rpc_error.h"

namespace walletd {

enum class DispatcherError {
  Banned,               // 403 "Your ip is banned."
  NoSuchMethod,         // 400 "No such method"
  InvalidRequest,       // 400 "Error parsing request: {detail}", error_data = detail
  LocalHostOnly,        // 403 "Selected method can be called from localhost only!"
  UserpassIsNotSet,     // 403 "Userpass is not set!"
  UserpassIsInvalid,    // 403, error_data {"error_type":"NbAttemptsLeft","error_data":n}
  InvalidMmRpcVersion,  // 400 "Error parsing mmrpc version: {detail}"
};

inline ErrorKindInfo describe(DispatcherError e) {
  switch (e) {
    case DispatcherError::Banned:
      return {"Banned", 403};
    case DispatcherError::NoSuchMethod:
      return {"NoSuchMethod", 400};
    case DispatcherError::InvalidRequest:
      return {"InvalidRequest", 400};
    case DispatcherError::LocalHostOnly:
      return {"LocalHostOnly", 403};
    case DispatcherError::UserpassIsNotSet:
      return {"UserpassIsNotSet", 403};
    case DispatcherError::UserpassIsInvalid:
      return {"UserpassIsInvalid", 403};
    case DispatcherError::InvalidMmRpcVersion:
      return {"InvalidMmRpcVersion", 400};
  }
  return {"InternalError", 500};
}

}  // namespace walletd

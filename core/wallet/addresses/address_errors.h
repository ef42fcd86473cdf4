// Errors of convertaddress and validateaddress in mmrpc 2.0 form (KDF has only the legacy form,
// whose errors are plain strings; these use the names KDF's coin errors use elsewhere).
#pragma once

#include "core/rpc/rpc_error.h"

namespace walletd {

enum class AddressRpcError {
  NoSuchCoin,                // 400, error_data {coin}
  InvalidAddress,            // 400, error_data = reason
  UnsupportedAddressFormat,  // 400, error_data {coin, format}
};

inline ErrorKindInfo describe(AddressRpcError e) {
  switch (e) {
    case AddressRpcError::NoSuchCoin:
      return {"NoSuchCoin", 400};
    case AddressRpcError::InvalidAddress:
      return {"InvalidAddress", 400};
    case AddressRpcError::UnsupportedAddressFormat:
      return {"UnsupportedAddressFormat", 400};
  }
  return {"InvalidAddress", 400};
}

}  // namespace walletd

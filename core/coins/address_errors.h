// Errors of convertaddress and validateaddress in mmrpc 2.0 form (KDF has only the legacy form,
// whose errors are plain strings; these use the names KDF's coin errors use elsewhere).
#pragma once

#include "core/rpc/rpc_error.h"

namespace walletd {

// NoSuchCoin: error_data {coin}
// InvalidAddress: error_data = reason
// UnsupportedAddressFormat: error_data {coin, format}
// clang-format off
#define WALLETD_ADDRESS_RPC_ERRORS(X) \
  X(NoSuchCoin, 400) X(InvalidAddress, 400) X(UnsupportedAddressFormat, 400)
// clang-format on
WALLETD_ERROR_FAMILY(AddressRpcError, WALLETD_ADDRESS_RPC_ERRORS)

}  // namespace walletd

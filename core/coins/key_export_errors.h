// KDF's OfflineKeysError (get_private_keys) and GetPublicKeyError families.
#pragma once

#include "core/rpc/rpc_error.h"

namespace walletd {

// Internal: error_data = message
// CoinConfigNotFound: error_data = ticker
// ProtocolParseError: {ticker, error}
// KeyDerivationFailed: {ticker, error}
// InvalidHdRange: {start_index, end_index}
// MissingPrefixValue: {ticker, prefix_type}
// clang-format off
#define WALLETD_OFFLINE_KEYS_ERRORS(X)                                              \
  X(Internal, 500)                                                                  \
  X(CoinConfigNotFound, 400) X(ProtocolParseError, 400) X(KeyDerivationFailed, 500) \
      X(InvalidHdRange, 400) X(HdRangeTooLarge, 400) X(MissingPrefixValue, 400)     \
          X(InvalidParametersForMode, 400)
// clang-format on
WALLETD_ERROR_FAMILY(OfflineKeysError, WALLETD_OFFLINE_KEYS_ERRORS)

enum class GetPublicKeyError { Internal };  // 500, error_data = message

inline ErrorKindInfo describe(GetPublicKeyError) {
  return {"Internal", 500};
}

}  // namespace walletd

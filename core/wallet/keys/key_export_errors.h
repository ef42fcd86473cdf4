// KDF's OfflineKeysError (get_private_keys) and GetPublicKeyError families.
#pragma once

#include "core/rpc/rpc_error.h"

namespace walletd {

enum class OfflineKeysError {
  Internal,                  // 500, error_data = message
  CoinConfigNotFound,        // 400, error_data = ticker
  ProtocolParseError,        // 400, {ticker, error}
  KeyDerivationFailed,       // 500, {ticker, error}
  InvalidHdRange,            // 400, {start_index, end_index}
  HdRangeTooLarge,           // 400
  MissingPrefixValue,        // 400, {ticker, prefix_type}
  InvalidParametersForMode,  // 400
};

inline ErrorKindInfo describe(OfflineKeysError e) {
  switch (e) {
    case OfflineKeysError::Internal:
      return {"Internal", 500};
    case OfflineKeysError::CoinConfigNotFound:
      return {"CoinConfigNotFound", 400};
    case OfflineKeysError::ProtocolParseError:
      return {"ProtocolParseError", 400};
    case OfflineKeysError::KeyDerivationFailed:
      return {"KeyDerivationFailed", 500};
    case OfflineKeysError::InvalidHdRange:
      return {"InvalidHdRange", 400};
    case OfflineKeysError::HdRangeTooLarge:
      return {"HdRangeTooLarge", 400};
    case OfflineKeysError::MissingPrefixValue:
      return {"MissingPrefixValue", 400};
    case OfflineKeysError::InvalidParametersForMode:
      return {"InvalidParametersForMode", 400};
  }
  return {"Internal", 500};
}

enum class GetPublicKeyError { Internal };  // 500, error_data = message

inline ErrorKindInfo describe(GetPublicKeyError) {
  return {"Internal", 500};
}

}  // namespace walletd

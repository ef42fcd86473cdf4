// KDF's EnablePlatformCoinWithTokensError (enable_eth_with_tokens) and the shared coin lookup
// errors of my_balance / disable_coin.
#pragma once

#include "core/rpc/rpc_error.h"

namespace walletd {

enum class EnablePlatformError {
  PlatformIsAlreadyActivated,  // 400, error_data = ticker
  PlatformConfigIsNotFound,    // 400, error_data = ticker
  UnexpectedPlatformProtocol,  // 400, {ticker, protocol}
  TokenConfigIsNotFound,       // 400, error_data = ticker
  UnexpectedTokenProtocol,     // 400, {ticker, protocol}
  InvalidPayload,              // 400, error_data = message
  AtLeastOneNodeRequired,      // 400, error_data = message
  PrivKeyPolicyNotAllowed,     // 400, error_data = message
  UnexpectedDerivationMethod,  // 400, error_data = message
  PlatformCoinCreationError,   // 500, {ticker, error}
  Transport,                   // 502, error_data = message
  Internal,                    // 500, error_data = message
};

inline ErrorKindInfo describe(EnablePlatformError e) {
  switch (e) {
    case EnablePlatformError::PlatformIsAlreadyActivated:
      return {"PlatformIsAlreadyActivated", 400};
    case EnablePlatformError::PlatformConfigIsNotFound:
      return {"PlatformConfigIsNotFound", 400};
    case EnablePlatformError::UnexpectedPlatformProtocol:
      return {"UnexpectedPlatformProtocol", 400};
    case EnablePlatformError::TokenConfigIsNotFound:
      return {"TokenConfigIsNotFound", 400};
    case EnablePlatformError::UnexpectedTokenProtocol:
      return {"UnexpectedTokenProtocol", 400};
    case EnablePlatformError::InvalidPayload:
      return {"InvalidPayload", 400};
    case EnablePlatformError::AtLeastOneNodeRequired:
      return {"AtLeastOneNodeRequired", 400};
    case EnablePlatformError::PrivKeyPolicyNotAllowed:
      return {"PrivKeyPolicyNotAllowed", 400};
    case EnablePlatformError::UnexpectedDerivationMethod:
      return {"UnexpectedDerivationMethod", 400};
    case EnablePlatformError::PlatformCoinCreationError:
      return {"PlatformCoinCreationError", 500};
    case EnablePlatformError::Transport:
      return {"Transport", 502};
    case EnablePlatformError::Internal:
      return {"Internal", 500};
  }
  return {"Internal", 500};
}

enum class CoinLookupError {
  NoSuchCoin,  // 400, {coin}
  Transport,   // 502, error_data = message
};

inline ErrorKindInfo describe(CoinLookupError e) {
  return e == CoinLookupError::NoSuchCoin ? ErrorKindInfo{"NoSuchCoin", 400}
                                          : ErrorKindInfo{"Transport", 502};
}

}  // namespace walletd

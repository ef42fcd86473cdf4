// KDF's activation errors, shared by every family: EnablePlatformCoinWithTokensError
// (enable_eth_with_tokens, task::enable_eth::*) and EnableTokenError (enable_erc20).
#pragma once

#include <optional>
#include <string>

#include "core/rpc/rpc_error.h"

namespace walletd {

// error_data: PlatformIsAlreadyActivated, PlatformConfigIsNotFound, TokenConfigIsNotFound: the
// ticker; UnexpectedPlatformProtocol, UnexpectedTokenProtocol: {ticker, protocol};
// PlatformCoinCreationError, CoinProtocolParseError, TokenProtocolParseError: {ticker, error};
// the others (PlatformCoinMismatch: a token of another platform) the message.
// clang-format off
#define WALLETD_ENABLE_PLATFORM_ERRORS(X) \
  X(PlatformIsAlreadyActivated, 400)      \
  X(PlatformConfigIsNotFound, 400)        \
  X(UnexpectedPlatformProtocol, 400)      \
  X(CoinProtocolParseError, 500)          \
  X(TokenConfigIsNotFound, 400)           \
  X(UnexpectedTokenProtocol, 400)         \
  X(TokenProtocolParseError, 500)         \
  X(InvalidPayload, 400)                  \
  X(AtLeastOneNodeRequired, 400)          \
  X(PrivKeyPolicyNotAllowed, 400)         \
  X(UnexpectedDerivationMethod, 400)      \
  X(PlatformCoinMismatch, 400)            \
  X(WalletConnectError, 400)              \
  X(UnexpectedDeviceActivationPolicy, 400) \
  X(PlatformCoinCreationError, 500) X(Transport, 502) X(Internal, 500)
// clang-format on
WALLETD_ERROR_FAMILY(EnablePlatformError, WALLETD_ENABLE_PLATFORM_ERRORS)

// error_data: TokenIsAlreadyActivated, TokenConfigIsNotFound: the ticker;
// PlatformCoinIsNotActivated: the platform's ticker; UnexpectedTokenProtocol: {ticker, protocol};
// UnsupportedPlatformCoin: {platform_coin_ticker, token_ticker}; TokenProtocolParseError:
// {ticker, error}; Transport, PlatformCoinMismatch, CouldNotFetchBalance: the message.
// clang-format off
#define WALLETD_ENABLE_TOKEN_ERRORS(X) \
  X(TokenIsAlreadyActivated, 400)      \
  X(TokenConfigIsNotFound, 400)        \
  X(UnexpectedTokenProtocol, 400)      \
  X(TokenProtocolParseError, 500)      \
  X(PlatformCoinMismatch, 400)         \
  X(CouldNotFetchBalance, 500)         \
  X(PlatformCoinIsNotActivated, 400) X(UnsupportedPlatformCoin, 500) X(Transport, 500)
// clang-format on
WALLETD_ERROR_FAMILY(EnableTokenError, WALLETD_ENABLE_TOKEN_ERRORS)

// KDF's *ProtocolParseError for a coins-file entry whose `protocol` is malformed: {ticker, error}.
template <typename E>
void throwIfMalformed(E variant, const std::string& ticker,
                      const std::optional<std::string>& error) {
  if (!error) return;
  throw rpcError(variant, "Error parsing the coins-file entry of " + ticker + ": " + *error,
                 Json{{"ticker", ticker}, {"error", *error}});
}

// PlatformCoinCreationError {ticker, error}: "Platform coin <ticker> creation failed: <error>".
[[noreturn]] inline void throwPlatformCreationError(const std::string& ticker,
                                                    const std::string& error) {
  throw rpcError(EnablePlatformError::PlatformCoinCreationError,
                 "Platform coin " + ticker + " creation failed: " + error,
                 Json{{"ticker", ticker}, {"error", error}});
}

// InvalidPayload carrying its message.
[[noreturn]] inline void throwInvalidPayload(const std::string& message) {
  throw rpcError(EnablePlatformError::InvalidPayload, message, Json(message));
}

}  // namespace walletd

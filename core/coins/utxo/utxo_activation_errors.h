// KDF's InitStandaloneCoinError, the errors of task::enable_utxo::* (and later the other
// standalone coins). error_data: CoinIsAlreadyActivated: the ticker; CoinConfigIsNotFound: the
// ticker; UnexpectedCoinProtocol: {ticker, protocol}; CoinCreationError and
// CoinProtocolParseError: {ticker, error}; the others: the message.
#pragma once

#include "core/rpc/rpc_error.h"

namespace walletd {

// clang-format off
#define WALLETD_INIT_STANDALONE_COIN_ERRORS(X) \
  X(CoinIsAlreadyActivated, 400)               \
  X(CoinConfigIsNotFound, 400)                 \
  X(UnexpectedCoinProtocol, 400)               \
  X(CoinProtocolParseError, 500)               \
  X(CoinCreationError, 400) X(Transport, 500) X(Internal, 500)
// clang-format on
WALLETD_ERROR_FAMILY(InitStandaloneCoinError, WALLETD_INIT_STANDALONE_COIN_ERRORS)

[[noreturn]] inline void throwCoinCreationError(const std::string& ticker,
                                                const std::string& error) {
  throw rpcError(InitStandaloneCoinError::CoinCreationError,
                 "Error on platform coin " + ticker + " creation: " + error,
                 Json{{"ticker", ticker}, {"error", error}});
}

}  // namespace walletd

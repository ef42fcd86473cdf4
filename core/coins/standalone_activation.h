// KDF's InitStandaloneCoinError, the errors of the standalone coins' entry points
// (task::enable_utxo::*, task::enable_bch::*, task::enable_qtum::*, task::enable_z_coin::*), and
// their words for the activation route. error_data: CoinIsAlreadyActivated: the ticker;
// CoinConfigIsNotFound: the ticker; UnexpectedCoinProtocol: {ticker, protocol}; CoinCreationError
// and CoinProtocolParseError: {ticker, error}; the others: the message.
#pragma once

#include "core/coins/activation_route.h"
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

// The words of KDF's standalone-coin entry points for the activation route.
inline ActivationWords<InitStandaloneCoinError> standaloneActivationWords() {
  return {InitStandaloneCoinError::CoinIsAlreadyActivated,
          InitStandaloneCoinError::CoinConfigIsNotFound,
          InitStandaloneCoinError::CoinProtocolParseError,
          InitStandaloneCoinError::UnexpectedCoinProtocol,
          InitStandaloneCoinError::Transport,
          "Coin",
          "protocol",
          [](const std::string& ticker) { return ticker + " is activated already"; },
          [](const std::string& ticker) { throwCoinCreationError(ticker, kNoWalletOpen); }};
}

}  // namespace walletd

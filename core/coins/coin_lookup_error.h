// KDF's errors of the shared coin methods (my_balance, disable_coin): the coin is not active, or
// its peer failed.
#pragma once

#include "core/rpc/rpc_error.h"

namespace walletd {

// NoSuchCoin {coin}; Transport carries the message.
// clang-format off
#define WALLETD_COIN_LOOKUP_ERRORS(X) X(NoSuchCoin, 400) X(Transport, 502)
// clang-format on
WALLETD_ERROR_FAMILY(CoinLookupError, WALLETD_COIN_LOOKUP_ERRORS)

}  // namespace walletd

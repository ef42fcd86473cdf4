// The active coin `ticker`, or the method's own NoSuchCoin error ("No such coin <ticker>",
// error_data {coin}): the lookup every shared coin method starts with.
#pragma once

#include <memory>
#include <string>

#include "core/coins/active_coin.h"
#include "core/coins/coin_registry.h"
#include "core/rpc/rpc_error.h"

namespace walletd {

template <ErrorKind E>
std::shared_ptr<ActiveCoin> activeCoinOr(const CoinRegistry& coins, const std::string& ticker,
                                         E no_such_coin) {
  auto coin = coins.find(ticker);
  if (!coin) throw rpcError(no_such_coin, "No such coin " + ticker, Json{{"coin", ticker}});
  return coin;
}

}  // namespace walletd

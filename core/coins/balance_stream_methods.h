// stream::balance::enable {coin, client_id = 0, config?}: subscribes an event-stream client to
// BALANCE:<coin>, the coin's balance changes (ActiveCoin::balanceStreamer). Errors: KDF's
// BalanceStreamingRequestError — CoinNotFound 404, CoinNotSupported 501, EnableError 400 (an
// unknown client, a config the coin takes none of).
#pragma once

#include "core/rpc/method_table.h"

namespace walletd {

void registerBalanceStreamMethods(MethodTable& t);

}  // namespace walletd

// KDF's legacy `enable` request, routed by the coin's family (legacy_enable.cpp), and the answer
// every legacy activation gives.
#pragma once

#include <cstdint>

#include "core/coins/active_coin.h"
#include "core/rpc/method_table.h"

namespace walletd {

void registerLegacyEnable(MethodTable& table);

// KDF's CoinInitResponse, the answer of the legacy `enable` and `electrum`: {result: "success",
// address, balance, unspendable_balance, coin, required_confirmations, requires_notarization}
// (a UTXO coin adds mature_confirmations).
Json coinInitResponse(const ActiveCoin& coin, const BalanceInfo& balance,
                      std::uint64_t required_confirmations, bool requires_notarization);

}  // namespace walletd

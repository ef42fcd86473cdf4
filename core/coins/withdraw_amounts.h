// Amount rules every family's withdraw shares: the request's amount in the coin's smallest unit
// (extra decimals truncated, as in KDF; zero is AmountTooLow) and KDF's NotSufficientBalance.
#pragma once

#include <string>

#include "core/coins/withdraw_request.h"
#include "core/encoding/uint256.h"

namespace walletd {

// params.amount in smallest units; InvalidRequest when it does not fit, AmountTooLow when it
// truncates to zero. Call only when `max` is not set.
UInt256 requestedUnits(const WithdrawRequest& request, unsigned decimals);

// WithdrawError::AmountTooLow {amount, threshold}, both already in coin units.
[[noreturn]] void throwAmountTooLow(const std::string& amount, const std::string& threshold);
// WithdrawError::NotSufficientBalance {coin, available, required} in coin units.
[[noreturn]] void throwNotSufficientBalance(const std::string& coin, const UInt256& available,
                                            const UInt256& required, unsigned decimals);

}  // namespace walletd

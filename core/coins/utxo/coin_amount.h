// Peers of UTXO coins write amounts as JSON numbers in coins (litecoind's `amount`, Electrum's
// fee estimates): converted here to the smallest unit.
#pragma once

#include <cmath>
#include <cstdint>
#include <optional>

#include "core/rpc/json.h"

namespace walletd {

// nullopt when `amount` is not a non-negative number within exact doubles (9e15 units).
inline std::optional<std::uint64_t> unitsOfCoins(const Json& amount, unsigned decimals) {
  if (!amount.is_number()) return std::nullopt;
  const double value = amount.get<double>() * std::pow(10.0, decimals);
  if (!(value >= 0) || value > 9.0e15) return std::nullopt;
  return static_cast<std::uint64_t>(std::llround(value));
}

}  // namespace walletd

// TRON's own withdraw options (spec §4.1), read from the request's params: the signed
// transaction's validity `expiration_seconds` (1..24 h, default 60 s), `fee_method` `native` /
// `gasless` / `auto`, and GaslessWithdrawOptions `gasless` (an object, read strictly by the
// gasless withdraw). TronFamily declares them (withdrawOptions), so other coins refuse them.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/coins/coin_family.h"
#include "core/rpc/json.h"

namespace walletd {

struct TronWithdrawOptions {
  std::optional<std::uint64_t> expiration_seconds;
  std::optional<std::string> fee_method;
  Json gasless;  // null when absent

  // Throws InvalidRequest naming the field.
  static TronWithdrawOptions parse(const Json& params);
  static std::vector<WithdrawOption> declared();
};

}  // namespace walletd

// ActiveCoin: a coin the node has activated — what every family answers for the shared methods
// (get_enabled_coins, my_balance, disable_coin). Families derive from it.
#pragma once

#include <optional>
#include <string>

#include "core/async/task.h"
#include "core/wallet/hd/hd_objects.h"

namespace walletd {

class ActiveCoin {
 public:
  virtual ~ActiveCoin() = default;
  virtual const std::string& ticker() const = 0;
  // The platform coin's ticker for a token; nullopt for a platform coin.
  virtual std::optional<std::string> platform() const = 0;
  virtual std::string myAddress() const = 0;
  virtual Task<BalanceInfo> myBalance() = 0;
};

}  // namespace walletd

// CoinRegistry: the activated coins of this node, by ticker, in activation order. Disabling a
// platform disables its tokens with it.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "core/coins/active_coin.h"

namespace walletd {

class CoinRegistry {
 public:
  void add(std::shared_ptr<ActiveCoin> coin);
  std::shared_ptr<ActiveCoin> find(const std::string& ticker) const;
  // Removes `ticker` and, for a platform, its tokens; returns the removed coins (the caller tells
  // them onDisable).
  std::vector<std::shared_ptr<ActiveCoin>> remove(const std::string& ticker);
  const std::vector<std::shared_ptr<ActiveCoin>>& all() const { return coins_; }

 private:
  std::vector<std::shared_ptr<ActiveCoin>> coins_;
};

}  // namespace walletd

// CoinRegistry.
#include "core/coins/coin_registry.h"

#include <algorithm>

namespace walletd {

void CoinRegistry::add(std::shared_ptr<ActiveCoin> coin) {
  coins_.push_back(std::move(coin));
}

std::shared_ptr<ActiveCoin> CoinRegistry::find(const std::string& ticker) const {
  for (const auto& coin : coins_) {
    if (coin->ticker() == ticker) return coin;
  }
  return nullptr;
}

std::vector<std::shared_ptr<ActiveCoin>> CoinRegistry::remove(const std::string& ticker) {
  std::vector<std::shared_ptr<ActiveCoin>> removed;
  auto gone = [&](const std::shared_ptr<ActiveCoin>& coin) {
    const bool match = coin->ticker() == ticker || coin->platform() == ticker;
    if (match) removed.push_back(coin);
    return match;
  };
  coins_.erase(std::remove_if(coins_.begin(), coins_.end(), gone), coins_.end());
  return removed;
}

}  // namespace walletd

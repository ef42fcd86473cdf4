// CoinRegistry.
#include "core/coins/coin_registry.h"

#include <algorithm>

namespace walletd {

void CoinRegistry::add(std::shared_ptr<ActiveCoin> coin) {
  coins_.push_back({std::move(coin), false});
}

const CoinRegistry::Entry* CoinRegistry::entry(const std::string& ticker) const {
  for (const Entry& e : coins_) {
    if (e.coin->ticker() == ticker) return &e;
  }
  return nullptr;
}

std::shared_ptr<ActiveCoin> CoinRegistry::find(const std::string& ticker) const {
  const Entry* e = entry(ticker);
  return e && !e->passive ? e->coin : nullptr;
}

std::shared_ptr<ActiveCoin> CoinRegistry::findAny(const std::string& ticker) const {
  const Entry* e = entry(ticker);
  return e ? e->coin : nullptr;
}

bool CoinRegistry::isPassive(const std::string& ticker) const {
  const Entry* e = entry(ticker);
  return e && e->passive;
}

std::vector<std::shared_ptr<ActiveCoin>> CoinRegistry::remove(const std::string& ticker) {
  std::vector<std::shared_ptr<ActiveCoin>> removed;
  auto gone = [&](const Entry& e) {
    const bool match = e.coin->ticker() == ticker || e.coin->platform() == ticker;
    if (match) removed.push_back(e.coin);
    return match;
  };
  coins_.erase(std::remove_if(coins_.begin(), coins_.end(), gone), coins_.end());
  return removed;
}

void CoinRegistry::passivize(const std::string& ticker) {
  for (Entry& e : coins_) {
    if (e.coin->ticker() == ticker) e.passive = true;
  }
}

std::vector<std::shared_ptr<ActiveCoin>> CoinRegistry::tokensOf(const std::string& ticker) const {
  std::vector<std::shared_ptr<ActiveCoin>> out;
  for (const Entry& e : coins_) {
    if (e.coin->platform() == ticker) out.push_back(e.coin);
  }
  return out;
}

std::vector<std::shared_ptr<ActiveCoin>> CoinRegistry::all() const {
  std::vector<std::shared_ptr<ActiveCoin>> out;
  for (const Entry& e : coins_) {
    if (!e.passive) out.push_back(e.coin);
  }
  return out;
}

}  // namespace walletd

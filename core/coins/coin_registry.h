// CoinRegistry: the activated coins of this node, by ticker, in activation order. Disabling a
// platform disables its tokens with it — or, as KDF's disable_coin does without force_disable
// while tokens of it are active, only passivizes it: the platform is hidden from every method
// (find, all) while its tokens keep working through it, until it is disabled with force or
// activated again.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "core/coins/active_coin.h"

namespace walletd {

class CoinRegistry {
 public:
  void add(std::shared_ptr<ActiveCoin> coin);
  // An available coin (a passive platform is not found).
  std::shared_ptr<ActiveCoin> find(const std::string& ticker) const;
  // Any registered coin, passive or not.
  std::shared_ptr<ActiveCoin> findAny(const std::string& ticker) const;
  bool isPassive(const std::string& ticker) const;
  // Removes `ticker` and, for a platform, its tokens; returns the removed coins (the caller tells
  // them onDisable).
  std::vector<std::shared_ptr<ActiveCoin>> remove(const std::string& ticker);
  void passivize(const std::string& ticker);
  // The tokens registered under platform `ticker`.
  std::vector<std::shared_ptr<ActiveCoin>> tokensOf(const std::string& ticker) const;
  // The available coins.
  std::vector<std::shared_ptr<ActiveCoin>> all() const;

 private:
  struct Entry {
    std::shared_ptr<ActiveCoin> coin;
    bool passive = false;
  };
  const Entry* entry(const std::string& ticker) const;
  std::vector<Entry> coins_;
};

}  // namespace walletd

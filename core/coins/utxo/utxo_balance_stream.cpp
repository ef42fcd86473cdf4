// Balance events of a UTXO coin.
#include "core/coins/utxo/utxo_balance_stream.h"

#include "core/async/rounds.h"
#include "core/async/spawn.h"
#include "core/coins/utxo/electrum/electrum_backend.h"
#include "core/coins/utxo/utxo_coin.h"

namespace walletd {

void UtxoBalanceStreamer::start(PublishFn publish) {
  if (auto coin = coin_.lock()) listener_ = coin->addBalanceListener(std::move(publish));
}

void UtxoBalanceStreamer::stop() {
  if (auto coin = coin_.lock()) coin->removeBalanceListener(listener_);
}

std::unique_ptr<Streamer> UtxoCoin::balanceStreamer() {
  return std::make_unique<UtxoBalanceStreamer>(weak_from_this());
}

std::uint64_t UtxoCoin::addBalanceListener(PublishFn publish) {
  const std::uint64_t id = next_listener_++;
  balance_listeners_[id] = std::move(publish);
  if (balance_listeners_.size() == 1 && !backend_->pushesChanges()) {
    poll_stop_ = CancellationSource();
    std::weak_ptr<UtxoCoin> weak = weak_from_this();
    const CancellationToken stop = poll_stop_.token();
    spawnRounds(executor_, UtxoBalanceStreamer::kPollMs, stop,
                [weak, stop] { return pollOnce(weak, stop); });
  }
  return id;
}

void UtxoCoin::removeBalanceListener(std::uint64_t id) {
  balance_listeners_.erase(id);
  if (balance_listeners_.empty()) poll_stop_.cancel();
}

void UtxoCoin::publishBalance(const std::string& address, const SplitBalance& balance) {
  last_balances_[address] = {balance.spendable, balance.unspendable};
  const Json message{
      {"ticker", ticker()}, {"address", address}, {"balance", balanceOf(balance).toJson()}};
  const auto listeners = balance_listeners_;  // a listener may leave while being told
  for (const auto& [id, publish] : listeners) publish(message);
}

void UtxoCoin::addressChanged(const std::string& script_hash) {
  if (balance_listeners_.empty()) return;
  for (const WatchedAddress& a : ownedAddresses()) {
    if (ElectrumBackend::scriptHash(a.script) != script_hash) continue;
    spawn(readAndPublish(weak_from_this(), a), [](std::exception_ptr) {});
    return;
  }
}

Task<void> UtxoCoin::readAndPublish(std::weak_ptr<UtxoCoin> weak, WatchedAddress address) {
  auto coin = weak.lock();
  if (!coin) co_return;
  std::vector<WatchedAddress> one{address};
  std::vector<std::vector<UnspentOutput>> listed = co_await coin->unspentOf(one);
  const std::vector<SplitBalance> split = co_await coin->splitBalances(std::move(listed));
  coin->publishBalance(address.address, split.front());
}

Task<bool> UtxoCoin::pollOnce(std::weak_ptr<UtxoCoin> weak, CancellationToken stop) {
  auto coin = weak.lock();
  if (!coin || stop.isCancelled()) co_return false;
  const std::vector<WatchedAddress> owned = coin->ownedAddresses();
  std::vector<SplitBalance> split;
  bool read = true;
  try {
    std::vector<std::vector<UnspentOutput>> listed = co_await coin->unspentOf(owned);
    split = co_await coin->splitBalances(std::move(listed));
  } catch (const std::exception&) {
    read = false;  // the peer is away: the next round tries again
  }
  for (std::size_t i = 0; read && i < owned.size() && i < split.size(); ++i) {
    const std::pair<std::uint64_t, std::uint64_t> now{split[i].spendable, split[i].unspendable};
    auto known = coin->last_balances_.find(owned[i].address);
    if (known == coin->last_balances_.end()) {
      coin->last_balances_[owned[i].address] = now;  // the first round: what there is now
    } else if (known->second != now && !stop.isCancelled()) {
      coin->publishBalance(owned[i].address, split[i]);
    }
  }
  co_return true;  // the coin is not held between rounds: a disabled coin goes away
}

}  // namespace walletd

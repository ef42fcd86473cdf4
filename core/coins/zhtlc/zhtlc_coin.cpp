#include "core/coins/zhtlc/zhtlc_coin.h"

#include "core/async/rounds.h"

namespace walletd {

ZhtlcCoin::ZhtlcCoin(std::string ticker, std::string address, std::shared_ptr<ZhtlcSync> sync)
    : ticker_(std::move(ticker)), address_(std::move(address)), sync_(std::move(sync)) {}

BalanceInfo ZhtlcCoin::balanceNow() const {
  return spendableBalance(UInt256(sync_->state().unspentValue()), kDecimals);
}

Task<BalanceInfo> ZhtlcCoin::myBalance() {
  co_return balanceNow();
}

void ZhtlcCoin::startSyncLoop(Executor& executor) {
  std::weak_ptr<ZhtlcCoin> weak = weak_from_this();
  spawnRounds(executor, kSyncRoundMs, stop_.token(), [weak]() -> Task<bool> {
    auto self = weak.lock();
    if (!self) co_return false;
    co_return co_await self->syncRound();
  });
}

Task<bool> ZhtlcCoin::syncRound() {
  std::optional<std::string> failure;
  try {
    co_await sync_->syncToTip([this](const Json& status) { sync_status_ = status; }, stop_.token());
    sync_status_ = "Finished";
  } catch (const OperationCancelled&) {
    co_return false;
  } catch (const std::exception& e) {
    failure = e.what();
  }
  if (failure) sync_status_ = Json{{"TemporaryError", *failure}};
  co_return true;
}

}  // namespace walletd

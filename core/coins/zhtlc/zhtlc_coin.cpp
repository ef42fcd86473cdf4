#include "core/coins/zhtlc/zhtlc_coin.h"

#include "core/async/rounds.h"

namespace walletd {

namespace {

class ZhtlcBalanceStreamer : public Streamer {
 public:
  explicit ZhtlcBalanceStreamer(std::weak_ptr<ZhtlcCoin> coin) : coin_(std::move(coin)) {}
  void start(PublishFn publish) override {
    if (auto coin = coin_.lock()) id_ = coin->addBalanceListener(std::move(publish));
  }
  void stop() override {
    if (auto coin = coin_.lock()) coin->removeBalanceListener(id_);
  }

 private:
  std::weak_ptr<ZhtlcCoin> coin_;
  std::uint64_t id_ = 0;
};

}  // namespace

ZhtlcCoin::ZhtlcCoin(std::string ticker, std::string address, std::shared_ptr<ZhtlcSync> sync,
                     ZhtlcProtocol protocol, const ByteArray<32>& ovk)
    : ticker_(std::move(ticker)),
      address_(std::move(address)),
      sync_(std::move(sync)),
      protocol_(std::move(protocol)),
      ovk_(ovk) {}

std::unique_ptr<Streamer> ZhtlcCoin::balanceStreamer() {
  return std::make_unique<ZhtlcBalanceStreamer>(weak_from_this());
}

std::uint64_t ZhtlcCoin::addBalanceListener(PublishFn publish) {
  if (listeners_.empty()) last_told_ = balanceNow().toJson();  // changes from now on
  const std::uint64_t id = next_listener_++;
  listeners_[id] = std::move(publish);
  return id;
}

void ZhtlcCoin::balanceMayHaveChanged() {
  if (listeners_.empty()) return;
  const Json balance = balanceNow().toJson();
  if (last_told_ == balance) return;
  last_told_ = balance;
  const Json message{{"ticker", ticker_}, {"address", address_}, {"balance", balance}};
  const auto listeners = listeners_;  // a listener may leave while being told
  for (const auto& [id, publish] : listeners) publish(message);
}

BalanceInfo ZhtlcCoin::balanceNow() const {
  return spendableBalance(UInt256(sync_->state().unspentValue()), kDecimals);
}

Task<BalanceInfo> ZhtlcCoin::myBalance() {
  co_return balanceNow();
}

// KDF answers a plain withdraw of a ZHTLC coin with this InternalError (task::withdraw only).
Task<TransactionDetails> ZhtlcCoin::withdraw(WithdrawRequest request) {
  if (!request.progress.inTask()) {
    const std::string legacy = "Zcoin doesn't support legacy withdraw";
    throw rpcError(WithdrawError::InternalError, legacy, Json(legacy));
  }
  const std::string message = "withdraw is not supported for " + request.coin +
                              ": walletd does not spend shielded (ZHTLC) notes yet; balance and "
                              "history work";
  throw rpcError(WithdrawError::UnsupportedError, message, Json(message));
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
    balanceMayHaveChanged();
  } catch (const OperationCancelled&) {
    co_return false;
  } catch (const std::exception& e) {
    failure = e.what();
  }
  if (failure) sync_status_ = Json{{"TemporaryError", *failure}};
  co_return true;
}

}  // namespace walletd

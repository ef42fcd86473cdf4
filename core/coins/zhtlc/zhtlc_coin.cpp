#include "core/coins/zhtlc/zhtlc_coin.h"

#include <algorithm>
#include <functional>

#include "core/async/rounds.h"
#include "core/async/sleep.h"
#include "core/coins/raw_transaction.h"
#include "core/coins/zhtlc/sapling_transaction.h"
#include "core/crypto/hashes.h"
#include "core/encoding/hex.h"
#include "core/encoding/wire.h"

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

constexpr std::size_t kMaxBuiltKept = 64;

[[noreturn]] void noProver(const std::string& ticker) {
  const std::string message =
      "Shielded " + ticker +
      " withdraws need a Sapling prover, and this host has none: walletd's daemon cannot make "
      "Groth16 proofs. Use the npm package with a prover (createAirgapSaplingProver with the "
      "Sapling parameter files, see docs/zhtlc.md)";
  throw rpcError(WithdrawError::UnsupportedError, message, Json(message));
}

[[noreturn]] void throwLockedTimeout() {
  const std::string message = "Locked notes did not become available after " +
                              std::to_string(ZhtlcCoin::kLockedRetries) + " retries";
  throw rpcError(WithdrawError::InternalError, message, Json(message));
}

[[noreturn]] void rawRefused(RawTransactionError type, const std::string& message) {
  throw rpcError(type, message, Json(message));
}

}  // namespace

ZhtlcCoin::ZhtlcCoin(ZhtlcCoinParts parts) : parts_(std::move(parts)) {}

void ZhtlcCoin::onDisable() {
  stop_.cancel();
  parts_.transparent->close();
}

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
  const Json message{{"ticker", parts_.ticker}, {"address", parts_.address}, {"balance", balance}};
  const auto listeners = listeners_;  // a listener may leave while being told
  for (const auto& [id, publish] : listeners) publish(message);
}

BalanceInfo ZhtlcCoin::balanceNow() const {
  const WalletState& state = walletState();
  const std::uint64_t spendable = state.unspentValue() - parts_.locked.lockedValue(state);
  BalanceInfo out = spendableBalance(UInt256(spendable), kDecimals);
  out.unspendable =
      spendableBalance(UInt256(parts_.locked.lockedChange(state)), kDecimals).spendable;
  return out;
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
  request.progress.generating();
  auto self = shared_from_this();  // the coin may be disabled while waiting or proving
  ZhtlcWithdrawPlan plan = co_await planWhenUnlocked(request);
  if (parts_.prover == nullptr) noProver(parts_.ticker);
  ZhtlcWithdrawSigner signer{parts_.spending_key(), *parts_.prover, *parts_.random};
  ZhtlcWithdrawal built = co_await buildZhtlcWithdraw(
      std::move(plan), std::move(signer), parts_.ticker, parts_.address, request.progress);
  rememberBuilt(built.lock);
  co_return std::move(built.details);
}

bool ZhtlcCoin::locksHideFunds() const {
  const auto& notes = walletState().notes;
  return std::any_of(notes.begin(), notes.end(), [&](const WalletNote& n) {
    return !n.spent() && n.witness && parts_.locked.locks(n.nf);
  });
}

std::optional<ZhtlcWithdrawPlan> ZhtlcCoin::tryPlan(const WithdrawRequest& request,
                                                    std::uint64_t tip) const {
  const ZhtlcSpendView view{parts_.ticker, parts_.address,         walletState(), parts_.locked,
                            parts_.ivk,    parts_.protocol.tx_fee, parts_.own,    tip};
  try {
    return planZhtlcWithdraw(view, request);
  } catch (const RpcError& e) {
    if (e.type() != "NotSufficientBalance" || !locksHideFunds()) throw;
  }
  return std::nullopt;
}

// Each co_await at the loop's scope, with no locals beside it (GCC 12 and coroutine blocks).
Task<ZhtlcWithdrawPlan> ZhtlcCoin::planWhenUnlocked(const WithdrawRequest& request) {
  BlockId tip = co_await lightwalletd().latestBlock();
  std::optional<ZhtlcWithdrawPlan> plan = tryPlan(request, tip.height);
  std::uint32_t retries = 0;
  while (!plan) {
    if (retries++ >= kLockedRetries) throwLockedTimeout();
    co_await sleepFor(*parts_.executor, kLockedRetryMs, request.progress.cancellation());
    stop_.token().throwIfCancelled();  // the coin was disabled meanwhile
    tip = co_await lightwalletd().latestBlock();
    plan = tryPlan(request, tip.height);
  }
  co_return std::move(*plan);
}

void ZhtlcCoin::rememberBuilt(const LockedSpend& lock) {
  if (built_order_.size() >= kMaxBuiltKept) {
    built_.erase(built_order_.front());
    built_order_.pop_front();
  }
  built_[lock.txid] = lock;
  built_order_.push_back(lock.txid);
}

LockedSpend ZhtlcCoin::lockFor(ByteView raw, const ByteArray<32>& txid) const {
  if (auto found = built_.find(txid); found != built_.end()) return found->second;
  const SaplingTransaction tx = parseSaplingTransaction(raw);
  LockedSpend lock{txid, {}, 0, tx.expiry_height};
  for (const SaplingSpend& spend : tx.spends) {
    for (const WalletNote& n : walletState().notes) {
      if (n.nf == spend.nullifier && !n.spent()) lock.nullifiers.push_back(n.nf);
    }
  }
  return lock;
}

Task<std::string> ZhtlcCoin::sendRawTransaction(SendRawRequest request) {
  auto self = shared_from_this();  // the coin may be disabled while broadcasting
  if (!request.tx_bytes) rawRefused(RawTransactionError::InvalidParam, "ZHTLC coins take tx_hex");
  const Bytes raw = std::move(*request.tx_bytes);
  const ByteArray<32> txid = sha256d(raw);
  LockedSpend lock;
  try {
    lock = lockFor(raw, txid);
  } catch (const WireDecodeError& e) {
    rawRefused(RawTransactionError::InvalidParam,
               std::string("tx_hex is not a Sapling (version 4) transaction: ") + e.what());
  }
  try {
    co_await transparent().broadcast(raw);
  } catch (const TransportFailure& e) {
    rawRefused(RawTransactionError::Transport, e.what());
  }
  built_.erase(txid);
  if (!lock.nullifiers.empty()) {
    parts_.locked.add(lock);
    co_await parts_.store->saveLocked(parts_.locked);
    balanceMayHaveChanged();
  }
  co_return toReversedHex(txid);
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
  // Named, not temporaries in the co_await (GCC 12 destroys those twice).
  const ZhtlcSync::Report report = [this](const Json& status) { sync_status_ = status; };
  const CancellationToken stop = stop_.token();
  try {
    co_await parts_.sync->syncToTip(report, stop);
    if (parts_.locked.settle(walletState())) co_await parts_.store->saveLocked(parts_.locked);
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

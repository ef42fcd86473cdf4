// ZhtlcCoin: an activated ZHTLC coin in light mode. Its balance is what its wallet state holds
// (notes received and not spent; notes its own broadcasts spend are locked and their change is
// unspendable until mined); task::withdraw spends notes where the host has a Sapling prover, and
// send_raw_transaction broadcasts over the coin's Electrum servers (its transparent side, as
// KDF's). A background loop syncs to the tip every
// kSyncRoundMs, as KDF's sync loop does after activation, until the coin is disabled. BALANCE:
// <ticker> listeners hear {ticker, address, balance} when a sync round ends with another balance
// than the last one told (a rewind's passing states are not told).
#pragma once

#include <deque>
#include <map>
#include <memory>
#include <string>

#include "core/async/cancellation.h"
#include "core/coins/active_coin.h"
#include "core/coins/zhtlc/spend/locked_notes.h"
#include "core/coins/zhtlc/spend/zhtlc_withdraw.h"
#include "core/coins/zhtlc/sync/zhtlc_sync.h"
#include "core/coins/zhtlc/zhtlc_protocol.h"
#include "core/coins/zhtlc/zhtlc_transparent.h"

namespace walletd {

// What an activation hands its coin.
struct ZhtlcCoinParts {
  std::string ticker, address;
  sapling::PaymentAddress own;  // `address` decoded
  std::shared_ptr<ZhtlcSync> sync;
  std::shared_ptr<ZhtlcTransparent> transparent;  // the Electrum servers
  std::shared_ptr<ZhtlcWalletStore> store;
  ZhtlcProtocol protocol;
  ByteArray<32> ovk{}, ivk{};
  LockedNotes locked;
  // Derives the spending key when a withdraw needs it (it is not kept).
  std::function<sapling::ExtendedSpendingKey()> spending_key;
  SaplingProver* prover = nullptr;  // the host's; null: withdraw is refused
  Random* random = nullptr;
  Executor* executor = nullptr;  // for the waits on locked notes
};

class ZhtlcCoin : public ActiveCoin, public std::enable_shared_from_this<ZhtlcCoin> {
 public:
  static constexpr std::uint64_t kSyncRoundMs = 10000;
  static constexpr unsigned kDecimals = 8;
  // KDF's wait_for_spendable_balance: 40 retries 15 s apart while locked notes hide the funds.
  static constexpr std::uint32_t kLockedRetries = 40;
  static constexpr std::uint64_t kLockedRetryMs = 15000;

  explicit ZhtlcCoin(ZhtlcCoinParts parts);

  const std::string& ticker() const override { return parts_.ticker; }
  std::optional<std::string> platform() const override { return std::nullopt; }
  std::string myAddress() const override { return parts_.address; }
  Task<BalanceInfo> myBalance() override;
  void onDisable() override;
  std::unique_ptr<Streamer> balanceStreamer() override;
  // A plain withdraw is KDF's InternalError; task::withdraw builds a shielded transaction
  // (UnsupportedError without a prover).
  Task<TransactionDetails> withdraw(WithdrawRequest request) override;
  // Broadcasts over Electrum (blockchain.transaction.broadcast) and locks the notes the
  // transaction spends.
  Task<std::string> sendRawTransaction(SendRawRequest request) override;

  // The balance now, without a peer (activation's answer, the balance stream).
  BalanceInfo balanceNow() const;
  // Starts the rounds after activation; a failed round is reported as a TemporaryError status.
  void startSyncLoop(Executor& executor);
  // What the history reads: the stored wallet, the Electrum side (tip, full transactions), the
  // coin's encodings and the outgoing viewing key that recovers what the wallet sent.
  const WalletState& walletState() const { return parts_.sync->state(); }
  LightwalletdClient& lightwalletd() { return parts_.sync->client(); }
  ZhtlcTransparent& transparent() { return *parts_.transparent; }
  const ZhtlcProtocol& protocol() const { return parts_.protocol; }
  const ByteArray<32>& ovk() const { return parts_.ovk; }

  // The last round's status: "Finished", an in-progress status or {"TemporaryError": text}.
  const Json& syncStatus() const { return sync_status_; }

  std::uint64_t addBalanceListener(PublishFn publish);
  void removeBalanceListener(std::uint64_t id) { listeners_.erase(id); }
  // Tells the listeners when the balance differs from the last one told.
  void balanceMayHaveChanged();

 private:
  Task<bool> syncRound();
  // The withdraw's plan; while only notes locked by the wallet's own broadcasts stand between
  // it and enough funds, tries again every kLockedRetryMs (KDF's wait), until cancelled or the
  // coin is disabled.
  Task<ZhtlcWithdrawPlan> planWhenUnlocked(const WithdrawRequest& request);
  // The plan against lightwalletd's tip `tip`; nullopt when locked notes hide the funds it needs.
  std::optional<ZhtlcWithdrawPlan> tryPlan(const WithdrawRequest& request, std::uint64_t tip) const;
  // Whether an unspent note is locked (KDF: fewer unlocked notes than wallet notes).
  bool locksHideFunds() const;
  // Remembers a built withdraw's lock until it is broadcast (the newest kMaxBuiltKept).
  void rememberBuilt(const LockedSpend& lock);
  // The lock a broadcast of `raw` takes: the withdraw's own when walletd built it, else the
  // wallet's notes it spends (change unknown).
  LockedSpend lockFor(ByteView raw, const ByteArray<32>& txid) const;

  ZhtlcCoinParts parts_;
  std::map<ByteArray<32>, LockedSpend> built_;  // withdraws answered, by txid, until broadcast
  std::deque<ByteArray<32>> built_order_;       // their txids, oldest first
  CancellationSource stop_;
  Json sync_status_ = "Finished";
  std::map<std::uint64_t, PublishFn> listeners_;
  std::uint64_t next_listener_ = 1;
  std::optional<Json> last_told_;
};

}  // namespace walletd

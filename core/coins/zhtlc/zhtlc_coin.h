// ZhtlcCoin: an activated ZHTLC coin in light mode. Its balance is what its wallet state holds
// (notes received and not spent); a background loop syncs to lightwalletd's tip every
// kSyncRoundMs, as KDF's sync loop does after activation, until the coin is disabled. BALANCE:
// <ticker> listeners hear {ticker, address, balance} when a sync round ends with another balance
// than the last one told (a rewind's passing states are not told).
#pragma once

#include <map>
#include <memory>
#include <string>

#include "core/async/cancellation.h"
#include "core/coins/active_coin.h"
#include "core/coins/zhtlc/sync/zhtlc_sync.h"
#include "core/coins/zhtlc/zhtlc_protocol.h"

namespace walletd {

class ZhtlcCoin : public ActiveCoin, public std::enable_shared_from_this<ZhtlcCoin> {
 public:
  static constexpr std::uint64_t kSyncRoundMs = 10000;
  static constexpr unsigned kDecimals = 8;

  ZhtlcCoin(std::string ticker, std::string address, std::shared_ptr<ZhtlcSync> sync,
            ZhtlcProtocol protocol, const ByteArray<32>& ovk);

  const std::string& ticker() const override { return ticker_; }
  std::optional<std::string> platform() const override { return std::nullopt; }
  std::string myAddress() const override { return address_; }
  Task<BalanceInfo> myBalance() override;
  void onDisable() override { stop_.cancel(); }
  std::unique_ptr<Streamer> balanceStreamer() override;
  // A plain withdraw is KDF's InternalError; task::withdraw is refused until shielded spending
  // (with its Sapling prover, docs/zhtlc.md) is built.
  Task<TransactionDetails> withdraw(WithdrawRequest request) override;

  // The balance now, without a peer (activation's answer, the balance stream).
  BalanceInfo balanceNow() const;
  // Starts the rounds after activation; a failed round is reported as a TemporaryError status.
  void startSyncLoop(Executor& executor);
  // What the history reads: the stored wallet, the lightwalletd client, the coin's encodings and
  // the outgoing viewing key that recovers what the wallet sent.
  const WalletState& walletState() const { return sync_->state(); }
  LightwalletdClient& lightwalletd() { return sync_->client(); }
  const ZhtlcProtocol& protocol() const { return protocol_; }
  const ByteArray<32>& ovk() const { return ovk_; }

  // The last round's status: "Finished", an in-progress status or {"TemporaryError": text}.
  const Json& syncStatus() const { return sync_status_; }

  std::uint64_t addBalanceListener(PublishFn publish);
  void removeBalanceListener(std::uint64_t id) { listeners_.erase(id); }
  // Tells the listeners when the balance differs from the last one told.
  void balanceMayHaveChanged();

 private:
  Task<bool> syncRound();

  std::string ticker_;
  std::string address_;
  std::shared_ptr<ZhtlcSync> sync_;
  ZhtlcProtocol protocol_;
  ByteArray<32> ovk_{};
  CancellationSource stop_;
  Json sync_status_ = "Finished";
  std::map<std::uint64_t, PublishFn> listeners_;
  std::uint64_t next_listener_ = 1;
  std::optional<Json> last_told_;
};

}  // namespace walletd

// UtxoCoin: an activated UTXO coin (the UTXO protocol type), reached through a UtxoBackend, with
// standard (P2PKH) or segwit (P2WPKH) addresses; its transactions are its chain profile's
// (chain/utxo_chain.h: codec, digests, sizes, withdraw hooks). Its keys are the wallet's
// Iguana key (one address) or an HD wallet: every address its accounts handed out, on the
// External chain (receiving) and the Internal chain (change). It answers my_balance, withdraw
// (every UTXO fee type; HD: from the account, or one address with `from`; change to the
// account's first unused Internal address), send_raw_transaction and the HD methods; with the
// activation's options it keeps a history (history/), merges outputs (utxo_merge.h) and streams
// balance changes (utxo_balance_stream.h). Its parts live in the files named beside them.
#pragma once

#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <tuple>

#include "core/async/cancellation.h"
#include "core/coins/active_coin.h"
#include "core/coins/hd_coin.h"
#include "core/coins/utxo/chain/reward_maturity.h"
#include "core/coins/utxo/chain/utxo_chain.h"
#include "core/coins/utxo/tx/utxo_key_source.h"
#include "core/coins/utxo/utxo_activation_params.h"
#include "core/coins/utxo/utxo_address_codec.h"
#include "core/coins/utxo/utxo_backend.h"
#include "core/coins/utxo/utxo_recent_spends.h"
#include "core/coins/utxo/withdraw/coin_selection.h"
#include "core/platform/clock.h"

namespace walletd {

class UtxoHistory;
struct StoredUtxoTx;

// How the coins file says fees are chosen when a withdraw names none (KDF's rules).
struct UtxoFeeDefaults {
  std::optional<std::uint64_t> per_kbyte;    // `txfee` N > 0 (absent: 1000); nullopt when txfee 0
  std::uint32_t estimate_blocks = 1;         // `estimate_fee_blocks`
  std::optional<std::string> estimate_mode;  // `estimate_fee_mode`
  // UtxoPriority's confirmation targets in blocks (protocol_data.confirmation_targets).
  std::uint32_t low_blocks = 12, normal_blocks = 6, high_blocks = 1;
  static UtxoFeeDefaults fromEntry(const CoinEntry& coin);
};

struct UtxoCoinSettings {
  std::string ticker;
  unsigned decimals = 8;
  std::uint64_t dust = 1000;
  UtxoFeeDefaults fees;
  // check_utxo_maturity on a chain that does not check maturity itself: coinbase outputs wait
  // this many confirmations (the coins file's mature_confirmations).
  std::optional<std::uint64_t> coinbase_maturity;
};

// Where a UtxoCoin's keys come from.
struct UtxoKeys {
  std::optional<PrivateKey> iguana;  // Iguana: the one key
  std::shared_ptr<HdWallet> hd;      // HD: the wallet
  HdAddressRef activated;            // HD: path_to_address, the coin's address
  std::uint32_t gap_limit = 20;      // HD: the activation's gap_limit
  std::function<Task<void>()> save;  // HD: stores the accounts (new addresses handed out)
  // HD: signs elsewhere (a hardware wallet; the wallet is then public-only); null: walletd signs.
  std::shared_ptr<const UtxoKeySource> key_source;
  DeviceAccountLoader device_accounts;  // with a key source on a device: new accounts' keys
};

// One spend of the coin's outputs (utxo_withdraw.cpp): a withdraw's payment, or a QTUM contract
// call with its gas reserve (a QRC20 transfer, a delegation). Change goes to the coin's address
// (Iguana) or the account's first unused Internal address (HD).
struct UtxoSpendOrder {
  std::vector<TxOutput> payments;  // with `max`, exactly one (its value is computed)
  std::vector<TxOutput> calls;     // after the payments, with their values
  bool max = false;
  std::uint64_t reserve = 0;          // left to the fee beyond the size's (QTUM's gas)
  std::optional<std::uint64_t> dust;  // the coin's dust limit when absent
  std::optional<UtxoFeeRule> fee;     // the coin's default rule when absent
  std::optional<HdAddressRef> from;   // HD: this address's outputs only
  // The coin's own address only, change back to it: a QTUM contract call, whose sender is the
  // address of the first input.
  bool own_address_only = false;
  std::string balance_coin;  // NotSufficientBalance's coin; the ticker when empty
  WithdrawProgress progress;
  bool broadcast = false;
};

// A signed spend (broadcast when the order said so).
struct UtxoSpend {
  UtxoTransaction tx;
  std::string hex;
  std::string txid;
  std::vector<std::string> from;  // the addresses whose outputs it spends
  std::uint64_t spent_by_me = 0;
  std::uint64_t received_by_me = 0;  // change and outputs to the coin's own addresses
  std::uint64_t fee = 0;             // inputs + extra − outputs (the reserve included)
  std::uint64_t extra = 0;           // what the inputs brought beyond their values (KMD)
};

class UtxoCoin : public ActiveCoin, public HdCoin, public std::enable_shared_from_this<UtxoCoin> {
 public:
  static constexpr std::uint64_t kFallbackFeeRate = 1000;  // sat/kB when the peer has no estimate

  UtxoCoin(UtxoCoinSettings settings, std::shared_ptr<const UtxoChain> chain,
           UtxoAddressCodec codec, UtxoFormat format, UtxoKeys keys,
           std::unique_ptr<UtxoBackend> backend, const Clock& clock, Executor& executor);
  ~UtxoCoin() override;

  const std::string& ticker() const override { return settings_.ticker; }
  std::optional<std::string> platform() const override { return std::nullopt; }
  std::string myAddress() const override { return mine_.address; }
  Task<BalanceInfo> myBalance() override;
  Task<TransactionDetails> withdraw(WithdrawRequest request) override;
  Task<std::string> sendRawTransaction(SendRawRequest request) override;
  HdCoin* hd() override { return keys_.hd ? this : nullptr; }
  StakingCoin* staking() override { return staking_.get(); }

  // HdCoin.
  HdWallet& hdWallet() override { return *keys_.hd; }
  std::shared_ptr<HdWallet> sharedHdWallet() const { return keys_.hd; }
  bool segwit() const { return format_ == UtxoFormat::Segwit; }
  std::uint32_t gapLimit() const override { return keys_.gap_limit; }
  std::vector<HdBalanceColumn> hdColumns() const override;
  Task<std::vector<HdAddressReading>> readAddresses(std::vector<HdAddressRef> refs) override;
  Task<std::vector<bool>> addressesUsed(std::vector<HdAddressRef> refs) override;
  Task<void> addressesAdded(std::vector<HdAddressRef> refs) override;

  void onDisable() override {
    stop_.cancel();
    poll_stop_.cancel();
  }
  // Balance events (utxo_balance_stream.h).
  std::unique_ptr<Streamer> balanceStreamer() override;
  std::uint64_t addBalanceListener(PublishFn publish);
  void removeBalanceListener(std::uint64_t id);
  // my_tx_history from the stored history (utxo_tx_history.cpp); NotEnabled without one.
  Task<TxHistoryPage> txHistory(TxHistoryRequest request) override;
  // Set at activation with tx_history: true (its loop is started by the activation).
  void setHistory(std::shared_ptr<UtxoHistory> history) { history_ = std::move(history); }
  const Clock& clock() const { return clock_; }
  // Cancelled when the coin is disabled: background work (the merge loop) stops.
  CancellationToken stopToken() const { return stop_.token(); }
  // Merges the address's confirmed outputs when there are more than params.merge_at
  // (utxo_merge.h); answers the merge's txid, or nullopt when there was nothing to do.
  Task<std::optional<std::string>> mergeOnce(UtxoMergeParams params);

  // Selects, signs and with order.broadcast broadcasts a spend; InvalidFee, AmountTooLow,
  // NotSufficientBalance, ZeroBalanceToWithdrawMax as a withdraw answers them.
  Task<UtxoSpend> spend(UtxoSpendOrder order);
  // The fee rule of a withdraw's fee object (UTXO types), or of the coins file without one.
  Task<UtxoFeeRule> feeRule(const std::optional<FeeInfo>& fee);
  // The key of the coin's own (Iguana or path_to_address) address.
  PrivateKey ownKey() const;
  // What a withdraw may spend of `outputs`: the chain's rule, and with check_utxo_maturity no
  // immature coinbase output.
  Task<std::vector<UnspentOutput>> spendableOf(std::vector<UnspentOutput> outputs);
  // The outputs of the coin's own address that a withdraw may spend (mature ones).
  Task<std::vector<UnspentOutput>> spendableOfOwnAddress();

  UtxoBackend& backend() { return *backend_; }
  const UtxoChain& chain() const { return *chain_; }
  const UtxoCoinSettings& settings() const { return settings_; }
  const UtxoAddressCodec& codec() const { return codec_; }
  // Every address the coin spends from and follows: the one Iguana address, or each address the
  // HD accounts handed out.
  std::vector<WatchedAddress> ownedAddresses();
  // The unspent outputs of `addresses` that their own keys can spend (the address's script; our
  // own broadcasts accounted for), all in one list.
  Task<std::vector<UnspentOutput>> unspentSpendableBy(std::vector<WatchedAddress> addresses);
  // The HD address's text and script (derived once, then remembered).
  const WatchedAddress& addressAt(HdAddressRef ref);

 private:
  // selectCoins, its refusals answered as withdraw errors naming `coin`.
  Selection chooseCoins(const SelectionRequest& selection, const std::string& coin) const;
  // The HD address a withdraw's `from` names (resolved once), or nullopt without `from`;
  // UnexpectedFromAddress for `from` on an Iguana coin.
  std::optional<HdAddressRef> fromAddress(const WithdrawRequest& request);
  // The withdraw's inputs: `from`'s address, else the account of the coin's address (HD), else
  // the one address.
  std::vector<WatchedAddress> spendFrom(const std::optional<HdAddressRef>& from);
  // HD change: the first Internal address of the account nobody used yet, or the next one
  // (`new_ref`: handed out only if the transaction has change).
  struct ChangeAddress {
    WatchedAddress address;
    std::optional<HdAddressRef> new_ref;
  };
  Task<ChangeAddress> changeAddress(std::uint32_t account_id);
  // An address's satoshis that a withdraw may spend, and the rest (immature rewards, token
  // outputs: the chain's spendable hook), as KDF splits a balance.
  struct SplitBalance {
    std::uint64_t spendable = 0;
    std::uint64_t unspendable = 0;
  };
  Task<std::vector<SplitBalance>> splitBalances(std::vector<std::vector<UnspentOutput>> lists);
  BalanceInfo balanceOf(const SplitBalance& split) const;
  // The key whose compressed public key hashes to `hash` (the signer's lookup).
  std::optional<PrivateKey> keyForHash160(ByteView hash);
  // The peer's unspent outputs of `addresses`, corrected by our own recent broadcasts.
  Task<std::vector<std::vector<UnspentOutput>>> unspentOf(std::vector<WatchedAddress> addresses);
  // Broadcasts a transaction of ours and remembers what it spent and made; answers the txid.
  Task<std::string> broadcastOwn(const UtxoTransaction& tx, std::string hex);
  // A transaction of the chain's form spending `chosen`'s inputs to its outputs, signed.
  UtxoTransaction signedTransaction(const Selection& chosen, std::uint32_t locktime);
  // The same, signed by the key source when the coin has one (utxo_external_signing.cpp);
  // `change_script` is the change output's (the one output the signer may leave unshown).
  Task<UtxoTransaction> signedSpend(const Selection& chosen, std::uint32_t locktime,
                                    Bytes change_script, WithdrawProgress progress);
  Task<UtxoSigningOrder> signingOrder(const Selection& chosen, std::uint32_t locktime,
                                      Bytes change_script);
  // Whether an output script is one of the coin's known addresses.
  bool isOwnScript(const Bytes& script) const;
  // Byte strings as map keys (by_script_, by_hash_; std::map<Bytes> trips a GCC 12
  // -Wstringop-overread false positive).
  static std::string asKey(ByteView bytes);
  std::vector<WatchedAddress> addressesAt(const std::vector<HdAddressRef>& refs);
  // An Electrum notification: the address with this script hash changed.
  void addressChanged(const std::string& script_hash);
  void publishBalance(const std::string& address, const SplitBalance& balance);
  static Task<void> readAndPublish(std::weak_ptr<UtxoCoin> weak, WatchedAddress address);
  // One round of Native mode's polling (spawnRounds); false once the coin is gone.
  static Task<bool> pollOnce(std::weak_ptr<UtxoCoin> weak, CancellationToken stop);
  // What the history knows of the outputs a stored transaction spends (utxo_tx_history.cpp).
  std::vector<std::optional<UtxoChain::SpentOutputFacts>> spentFacts(
      const UtxoTransaction& tx, const StoredUtxoTx& stored,
      const std::function<bool(const Bytes&)>& ours) const;
  // The addresses a my_tx_history target names (InvalidTarget when it does not fit the coin).
  std::vector<WatchedAddress> historyTarget(const Json& target);

  UtxoCoinSettings settings_;
  std::shared_ptr<const UtxoChain> chain_;
  UtxoAddressCodec codec_;
  UtxoFormat format_;
  SpendKind kind_;
  UtxoKeys keys_;
  WatchedAddress mine_;  // the Iguana address, or path_to_address's
  std::map<std::tuple<std::uint32_t, int, std::uint32_t>, WatchedAddress> derived_;
  std::map<std::string, HdAddressRef> by_script_;  // keyed by the script's bytes
  std::map<std::string, HdAddressRef> by_hash_;    // by HASH160 of the public key
  std::string iguana_hash_;  // Iguana: HASH160 of the key's public key, computed once
  std::unique_ptr<UtxoBackend> backend_;
  const Clock& clock_;
  CancellationSource stop_;
  std::shared_ptr<UtxoHistory> history_;
  RecentSpends recent_;
  Executor& executor_;
  std::map<std::uint64_t, PublishFn> balance_listeners_;
  std::uint64_t next_listener_ = 1;
  // address → spendable and unspendable satoshis last seen
  std::map<std::string, std::pair<std::uint64_t, std::uint64_t>> last_balances_;
  CancellationSource poll_stop_;
  std::unique_ptr<StakingCoin> staking_;  // the chain's staking (QTUM's delegation), or null
  std::optional<RewardMaturity> coinbase_maturity_;  // settings_.coinbase_maturity's check
};

}  // namespace walletd

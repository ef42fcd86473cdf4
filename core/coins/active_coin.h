// ActiveCoin: the one interface every activated coin of every family implements. The shared
// methods (get_enabled_coins, my_balance, disable_coin, withdraw, send_raw_transaction,
// sign_raw_transaction, my_tx_history) call it and never ask which family a coin belongs to. The
// defaults answer KDF's "not supported for this coin" errors, so a family overrides only what
// it can do.
#pragma once

#include <optional>
#include <string>

#include "core/async/task.h"
#include "core/coins/raw_transaction.h"
#include "core/coins/transaction_details.h"
#include "core/coins/tx_history.h"
#include "core/coins/withdraw_request.h"
#include "core/stream/streamer.h"
#include "core/wallet/hd/hd_objects.h"

namespace walletd {

class HdCoin;
class StakingCoin;

class ActiveCoin {
 public:
  virtual ~ActiveCoin() = default;
  virtual const std::string& ticker() const = 0;
  // The platform coin's ticker for a token; nullopt for a platform coin.
  virtual std::optional<std::string> platform() const = 0;
  virtual std::string myAddress() const = 0;
  virtual Task<BalanceInfo> myBalance() = 0;

  // Builds, signs and (with request.broadcast) sends a transfer. Errors: WithdrawError (peer
  // failures as TransportFailure, mapped to WithdrawError::Transport by the shared method).
  virtual Task<TransactionDetails> withdraw(WithdrawRequest request);
  // Broadcasts a signed transaction; answers its hash. Errors: RawTransactionError.
  virtual Task<std::string> sendRawTransaction(SendRawRequest request);
  // Submits a family's structured transaction (send_raw_transaction's `tx_json`; TRON: a signed
  // gasless authorization); answers the method's whole result. Errors: RawTransactionError.
  virtual Task<Json> sendRawJson(SendRawRequest request);
  // Keys the family adds to the coin's address object in answers (my_balance; TRON:
  // relay_address when a relay provider is configured).
  virtual void addAddressDetails(Json& address_info) const { (void)address_info; }
  // Signs a caller-built transaction with the activated address; answers tx_hex, not broadcast.
  virtual Task<std::string> signRawTransaction(SignRawRequest request);
  // True when a browser-extension wallet holds the coin's keys (no key export, no offline signing).
  virtual bool keysInBrowserWallet() const { return false; }
  // One page of the coin's history. Errors: TxHistoryError.
  virtual Task<TxHistoryPage> txHistory(TxHistoryRequest request);
  // The coin's HD side when it is activated with an HD wallet and its family supports the HD
  // methods; null otherwise.
  virtual HdCoin* hd() { return nullptr; }
  // The coin's staking (staking.h) when it stakes; null otherwise.
  virtual StakingCoin* staking() { return nullptr; }
  // The BALANCE:<ticker> streamer (stream::balance::enable): it publishes balance changes as
  // they happen; null when the coin has none (CoinNotSupported).
  virtual std::unique_ptr<Streamer> balanceStreamer() { return nullptr; }
  // Called when the coin is disabled (alone or with its platform): stop pollers, streams, loops.
  virtual void onDisable() {}
};

}  // namespace walletd

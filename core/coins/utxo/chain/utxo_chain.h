// UtxoChain: a UTXO chain profile — what one chain's transactions are, beyond the model every
// chain shares: the wire codec and txid, the signature digests and hash-type byte, the size a
// signed transaction will have, a new transaction's header, and the withdraw's hooks (locktime
// policy, outputs the withdraw may not spend, value inputs bring beyond their amounts, outputs
// of the chain's own, extra fields of the answer). Every parse, sign, size and txid site of the
// UTXO family goes through the coin's chain. Bitcoin's profile (bitcoin_chain.h) serves Bitcoin,
// Litecoin and every coin with Bitcoin's rules; utxo_chains.h picks a coin's profile.
#pragma once

#include <cstdint>
#include <memory>
#include <string_view>
#include <vector>

#include "core/async/task.h"
#include "core/coins/transaction_details.h"
#include "core/coins/utxo/tx/utxo_sighash.h"
#include "core/coins/utxo/tx/utxo_tx_codec.h"
#include "core/coins/utxo/utxo_backend.h"
#include "core/coins/utxo/withdraw/coin_selection.h"
#include "core/coins/withdraw_request.h"
#include "core/platform/clock.h"

namespace walletd {

class StakingCoin;
class UtxoCoin;

// Where a chain's block headers keep what walletd reads: their size, and the block time
// (little-endian 32 bits). The parent's hash is at byte 4 and a header's hash is the double
// SHA-256 of all of it, on every chain walletd knows. A chain whose headers vary in size (QTUM's
// end with the block's signature) says so by UtxoChain::headerSize.
struct UtxoHeaderLayout {
  std::size_t size = 80;         // Bitcoin's; Zcash-style (Equihash) headers: 1487
  std::size_t time_offset = 68;  // Zcash-style: 100 (after the Sapling root)
};

// What a hook may ask while a withdraw is built: the coin's peer and clock.
struct UtxoWithdrawContext {
  UtxoBackend& backend;
  const Clock& clock;
};

class UtxoChain {
 public:
  virtual ~UtxoChain() = default;
  virtual std::string_view name() const = 0;
  virtual const UtxoTxCodec& codec() const = 0;
  virtual const UtxoSighashScheme& sighash() const = 0;
  // A new, empty transaction with the chain's header fields (version, ...).
  virtual UtxoTransaction newTransaction() const = 0;
  // Bytes the chain's wire form has beyond Bitcoin's for the same inputs and outputs.
  virtual std::size_t extraBaseBytes() const { return 0; }
  // The chain's block headers (Bitcoin's 80 bytes by default).
  virtual UtxoHeaderLayout headerLayout() const { return {}; }
  // The size of the header that `bytes` start with, 0 when they hold none (the layout's fixed
  // size by default).
  virtual std::size_t headerSize(ByteView bytes) const {
    const std::size_t size = headerLayout().size;
    return bytes.size() >= size ? size : 0;
  }
  // Whether the withdraw leaves immature reward outputs unspent (KDF's check_utxo_maturity).
  virtual bool waitsForMaturity() const { return false; }

  // The withdraw's hooks; the defaults are Bitcoin's.
  // The locktime of a new transaction (Bitcoin: 0).
  virtual Task<std::uint32_t> locktime(UtxoWithdrawContext ctx) const;
  // The listed outputs a withdraw or merge may spend (all of them on Bitcoin); a chain may ask
  // its peer (BCH: the transactions that made them, to keep token-carrying outputs unspent).
  virtual Task<std::vector<UnspentOutput>> spendable(UtxoWithdrawContext ctx,
                                                     std::vector<UnspentOutput> outputs) const;
  // Outputs the chain adds after the payment (none on Bitcoin).
  virtual std::vector<TxOutput> extraOutputs(const WithdrawRequest& request) const;
  // Satoshis the chosen inputs bring beyond their amounts, given the transaction's locktime
  // (none on Bitcoin); they go to the change.
  virtual Task<std::uint64_t> extraInputValue(UtxoWithdrawContext ctx, std::vector<Unspent> inputs,
                                              std::uint32_t locktime) const;
  // Adds the chain's fields to a withdraw's answer (`extra`: what extraInputValue gave).
  virtual void addResultExtras(TransactionDetails& details, std::uint64_t extra,
                               unsigned decimals) const;
  // A history row's claim of value its inputs brought beyond their amounts (KMD's interest), by
  // this transaction's locktime, from what is known of each spent output (nullopt: not one of the
  // wallet's); nullopt on chains without such value (the row stays as it is).
  struct SpentOutputFacts {
    std::uint64_t value = 0;
    std::uint32_t locktime = 0;           // of the transaction that made it
    std::optional<std::uint64_t> height;  // of that transaction; nullopt in the mempool
  };
  virtual std::optional<std::uint64_t> claimedByInputs(
      const UtxoTransaction& tx, const std::vector<std::optional<SpentOutputFacts>>& inputs) const;
  // The staking of a coin of this chain (QTUM's delegation), kept by the coin; null (the
  // default) when the chain has none.
  virtual std::unique_ptr<StakingCoin> stakingOf(UtxoCoin& coin) const;

  // The current time as a locktime: what KDF writes on most chains.
  static std::uint32_t nowLocktime(const UtxoWithdrawContext& ctx) {
    return static_cast<std::uint32_t>(ctx.clock.unixMillis() / 1000);
  }
  // An empty transaction of `version` (Bitcoin's header: nothing else).
  static UtxoTransaction versioned(std::int32_t version) {
    UtxoTransaction tx;
    tx.version = version;
    return tx;
  }

  // The codec's, for brevity at the call sites.
  Bytes serialize(const UtxoTransaction& tx) const { return codec().serialize(tx); }
  UtxoTransaction parse(ByteView bytes) const { return codec().parse(bytes); }
  std::string txid(const UtxoTransaction& tx) const { return codec().txid(tx); }
};

}  // namespace walletd

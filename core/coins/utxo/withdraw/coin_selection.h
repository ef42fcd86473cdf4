// Coin selection for a UTXO withdraw: which unspent outputs pay for the requested outputs and
// the fee, and where the change goes. Largest first; change below the coin's dust is left to the
// fee (per-kbyte rates) or avoided by taking another input (a fixed fee, which must be exact).
// `max` spends everything to the one payment output. A chain's own outputs (QTUM's contract
// calls) follow the payments with their values, `max` or not, and are not held to the dust
// limit; a spend may consist of chain outputs alone (a contract call pays nobody). A `reserve`
// is left to the fee beyond the size's fee (QTUM's gas: what the contract call may burn).
// addExtraInputValue gives value the inputs bring beyond their listed amounts (KMD's interest)
// to the change.
#pragma once

#include <optional>
#include <stdexcept>
#include <vector>

#include "core/coins/utxo/tx/utxo_signer.h"
#include "core/coins/utxo/withdraw/tx_size.h"

namespace walletd {

struct Unspent {
  OutPoint outpoint;
  SpentOutput output;  // value and script
  SpendKind kind = SpendKind::P2PKH;
  std::uint64_t confirmations = 0;  // 0 in the mempool (KMD's interest needs the height)
};

struct UtxoFeeRule {
  enum class Kind { PerKbyte, Fixed } kind = Kind::PerKbyte;
  std::uint64_t satoshis = 0;  // per 1,000 vbytes, or the whole fee
  // The fee for `vsize` vbytes: per-kbyte rates are rounded up, so the rate is never undercut.
  std::uint64_t feeFor(std::size_t vsize) const;
};

struct SelectionRequest {
  std::vector<Unspent> unspent;
  std::vector<TxOutput> payments;       // with `max`, exactly one, its value ignored
  std::vector<TxOutput> chain_outputs;  // after the payments, as they are
  bool max = false;
  Bytes change_script;
  std::uint64_t dust = 0;  // outputs below this are not made
  UtxoFeeRule fee;
  std::size_t extra_base_bytes = 0;  // the chain's wire form beyond Bitcoin's (tx_size.h)
  std::uint64_t reserve = 0;         // satoshis left to the fee beyond the size's fee
};

struct Selection {
  std::vector<Unspent> inputs;
  std::vector<TxOutput> outputs;  // payments, chain outputs, then the change when there is one
  std::uint64_t fee = 0;          // inputs − outputs, to the satoshi (the reserve included)
  std::size_t vsize = 0;          // as estimated for the fee
};

// Why a selection cannot be made. Amounts in satoshis.
struct SelectionError : std::runtime_error {
  enum class Reason { NotSufficientBalance, AmountTooLow };
  SelectionError(Reason r, std::uint64_t available_or_amount, std::uint64_t required_or_threshold,
                 const std::string& what)
      : std::runtime_error(what),
        reason(r),
        first(available_or_amount),
        second(required_or_threshold) {}
  Reason reason;
  std::uint64_t first;   // NotSufficientBalance: available; AmountTooLow: the amount
  std::uint64_t second;  // NotSufficientBalance: required; AmountTooLow: the threshold
};

Selection selectCoins(const SelectionRequest& request);

// Adds `extra` satoshis that the chosen inputs bring beyond their values (KMD's accrued interest)
// to `s`: the change grows, or change is made when what is left after its own fee is not dust;
// else the extra pays the fee. `s.fee` stays inputs + extra − outputs.
void addExtraInputValue(Selection& s, const SelectionRequest& request, std::uint64_t extra);

}  // namespace walletd

// UtxoKeySource: where a UTXO coin's transactions are signed when walletd does not hold the keys
// (a hardware wallet). The coin hands over the whole unsigned transaction — what each input
// spends, the HD path of each input's key, the address or change path of each output and, when
// the source asks, the transactions that made the spent outputs — and gets it back signed; it
// then checks every signature itself (utxo_signature_check.h) before answering or broadcasting.
// A coin without one signs with its own keys (utxo_signer.h).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "core/async/task.h"
#include "core/coins/utxo/tx/utxo_signer.h"
#include "core/coins/withdraw_progress.h"
#include "core/wallet/keys/derivation_path.h"

namespace walletd {

// One output of the transaction to sign: where it pays, as the signer shows it to the user.
struct UtxoOrderOutput {
  std::string address;                        // the address text; empty when the script has none
  std::optional<DerivationPath> change_path;  // the wallet's own change address, by HD path
};

struct UtxoSigningOrder {
  UtxoTransaction tx;                       // inputs without scriptSigs or witnesses
  std::vector<SpentOutput> spent;           // what input i spends
  std::vector<DerivationPath> input_paths;  // the HD path of input i's key
  std::vector<UtxoOrderOutput> outputs;     // beside tx.outputs, in their order
  // The transaction each input spends from, by input (when needsPreviousTransactions()); a
  // transaction spent by several inputs appears once per input.
  std::vector<UtxoTransaction> previous;
};

class UtxoKeySource {
 public:
  virtual ~UtxoKeySource() = default;
  // Whether the order must carry the previous transactions (a Trezor checks each input's amount
  // by its transaction).
  virtual bool needsPreviousTransactions() const = 0;
  // The signed transaction in the chain's wire form (plain bytes: clang 14's wasm build turns
  // coroutines returning structs into tail calls). Throws RpcError for the user's refusal, a
  // missing device, a withdraw outside a task (no way to ask the user).
  virtual Task<Bytes> sign(UtxoSigningOrder order, WithdrawProgress progress) const = 0;
};

}  // namespace walletd

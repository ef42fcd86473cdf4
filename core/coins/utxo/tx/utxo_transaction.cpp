// The shared transaction model and its inputs-and-outputs encoding.
#include "core/coins/utxo/tx/utxo_transaction.h"

#include <algorithm>

#include "core/coins/utxo/tx/utxo_tx_codec.h"
#include "core/encoding/hex.h"

namespace walletd {

OutPoint OutPoint::fromDisplay(const std::string& txid_hex, std::uint32_t index) {
  if (txid_hex.size() != 64 || !isHex(txid_hex)) throw UtxoDecodeError("a txid is 64 hex digits");
  const Bytes bytes = fromHex(txid_hex);
  OutPoint out;
  std::reverse_copy(bytes.begin(), bytes.end(), out.txid.begin());
  out.index = index;
  return out;
}

std::string OutPoint::displayTxid() const {
  return toReversedHex(txid);
}

bool UtxoTransaction::hasWitness() const {
  return std::any_of(inputs.begin(), inputs.end(),
                     [](const TxInput& in) { return !in.witness.empty(); });
}

void writeInputsAndOutputs(const UtxoTransaction& tx, WireWriter& w) {
  w.compactSize(tx.inputs.size());
  for (const TxInput& in : tx.inputs) {
    w.raw(in.prevout.txid);
    w.u32(in.prevout.index);
    w.varBytes(in.script_sig);
    w.u32(in.sequence);
  }
  w.compactSize(tx.outputs.size());
  for (const TxOutput& out : tx.outputs) {
    w.u64(out.value);
    w.varBytes(out.script_pubkey);
  }
}

void readInputsAndOutputs(UtxoTransaction& tx, WireReader& r) {
  tx.inputs.resize(boundedCount(r, 41));
  if (tx.inputs.empty()) throw UtxoDecodeError("a transaction needs inputs");
  for (TxInput& in : tx.inputs) {
    ByteView txid = r.raw(32);
    std::copy(txid.begin(), txid.end(), in.prevout.txid.begin());
    in.prevout.index = r.u32();
    in.script_sig = r.varBytes();
    in.sequence = r.u32();
  }
  tx.outputs.resize(boundedCount(r, 9));
  for (TxOutput& out : tx.outputs) {
    out.value = r.u64();
    out.script_pubkey = r.varBytes();
  }
}

}  // namespace walletd

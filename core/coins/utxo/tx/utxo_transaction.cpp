// A Bitcoin-style transaction.
#include "core/coins/utxo/tx/utxo_transaction.h"

#include <algorithm>

#include "core/crypto/hashes.h"
#include "core/encoding/hex.h"

namespace walletd {
namespace {

void writeBody(const UtxoTransaction& tx, WireWriter& w, bool with_witness) {
  w.u32(static_cast<std::uint32_t>(tx.version));
  if (with_witness) {
    w.u8(0x00);  // marker
    w.u8(0x01);  // flag
  }
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
  if (with_witness) {
    for (const TxInput& in : tx.inputs) {
      w.compactSize(in.witness.size());
      for (const Bytes& item : in.witness) w.varBytes(item);
    }
  }
  w.u32(tx.locktime);
}

// Counts read from the wire are bounded by the bytes left, so a hostile count cannot make
// us reserve gigabytes.
std::size_t boundedCount(WireReader& r, std::size_t min_item_size) {
  const std::uint64_t n = r.compactSize();
  if (n > r.remaining() / std::max<std::size_t>(min_item_size, 1))
    throw UtxoDecodeError("transaction data declares more items than it holds");
  return static_cast<std::size_t>(n);
}

}  // namespace

OutPoint OutPoint::fromDisplay(const std::string& txid_hex, std::uint32_t index) {
  if (txid_hex.size() != 64 || !isHex(txid_hex)) throw UtxoDecodeError("a txid is 64 hex digits");
  const Bytes bytes = fromHex(txid_hex);
  OutPoint out;
  std::reverse_copy(bytes.begin(), bytes.end(), out.txid.begin());
  out.index = index;
  return out;
}

std::string OutPoint::displayTxid() const {
  ByteArray<32> shown;
  std::reverse_copy(txid.begin(), txid.end(), shown.begin());
  return toHex(shown);
}

bool UtxoTransaction::hasWitness() const {
  return std::any_of(inputs.begin(), inputs.end(),
                     [](const TxInput& in) { return !in.witness.empty(); });
}

Bytes UtxoTransaction::serialize() const {
  Bytes out;
  WireWriter w(out);
  writeBody(*this, w, hasWitness());
  return out;
}

Bytes UtxoTransaction::serializeWithoutWitness() const {
  Bytes out;
  WireWriter w(out);
  writeBody(*this, w, false);
  return out;
}

UtxoTransaction UtxoTransaction::parse(ByteView bytes) {
  WireReader r(bytes);
  UtxoTransaction tx;
  tx.version = static_cast<std::int32_t>(r.u32());
  bool segwit = false;
  if (r.peek() == 0x00) {  // a transaction with no inputs is not valid: this is the marker
    r.u8();
    if (r.u8() != 0x01) throw UtxoDecodeError("unknown segwit flag");
    segwit = true;
  }
  tx.inputs.resize(boundedCount(r, 41));
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
  if (segwit) {
    for (TxInput& in : tx.inputs) {
      in.witness.resize(boundedCount(r, 1));
      for (Bytes& item : in.witness) item = r.varBytes();
    }
    if (!tx.hasWitness()) throw UtxoDecodeError("segwit form without any witness");
  }
  tx.locktime = r.u32();
  if (r.remaining() != 0) throw UtxoDecodeError("bytes after the end of the transaction");
  if (tx.inputs.empty()) throw UtxoDecodeError("a transaction needs inputs");
  return tx;
}

std::string UtxoTransaction::txidHex() const {
  const ByteArray<32> hash = sha256d(serializeWithoutWitness());
  ByteArray<32> shown;
  std::reverse_copy(hash.begin(), hash.end(), shown.begin());
  return toHex(shown);
}

std::size_t UtxoTransaction::weight() const {
  const std::size_t stripped = serializeWithoutWitness().size();
  return 3 * stripped + serialize().size();
}

}  // namespace walletd

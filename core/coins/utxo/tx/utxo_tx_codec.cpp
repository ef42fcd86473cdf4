// Bitcoin's transaction wire form (BIP144) and the txid and weight every codec shares.
#include "core/coins/utxo/tx/utxo_tx_codec.h"

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
  writeInputsAndOutputs(tx, w);
  if (with_witness) {
    for (const TxInput& in : tx.inputs) {
      w.compactSize(in.witness.size());
      for (const Bytes& item : in.witness) w.varBytes(item);
    }
  }
  w.u32(tx.locktime);
}

}  // namespace

std::size_t boundedCount(WireReader& r, std::size_t min_item_size) {
  const std::uint64_t n = r.compactSize();
  if (n > r.remaining() / std::max<std::size_t>(min_item_size, 1))
    throw UtxoDecodeError("transaction data declares more items than it holds");
  return static_cast<std::size_t>(n);
}

std::string UtxoTxCodec::txid(const UtxoTransaction& tx) const {
  return toReversedHex(sha256d(txidPreimage(tx)));
}

std::size_t UtxoTxCodec::weight(const UtxoTransaction& tx) const {
  return 3 * txidPreimage(tx).size() + serialize(tx).size();
}

Bytes Bip144Codec::serialize(const UtxoTransaction& tx) const {
  Bytes out;
  WireWriter w(out);
  writeBody(tx, w, witness_ && tx.hasWitness());
  return out;
}

Bytes Bip144Codec::txidPreimage(const UtxoTransaction& tx) const {
  Bytes out;
  WireWriter w(out);
  writeBody(tx, w, false);
  return out;
}

UtxoTransaction Bip144Codec::parse(ByteView bytes) const {
  WireReader r(bytes);
  UtxoTransaction tx;
  tx.version = static_cast<std::int32_t>(r.u32());
  bool segwit = false;
  if (witness_ && r.peek() == 0x00) {  // a transaction with no inputs is not valid: the marker
    r.u8();
    if (r.u8() != 0x01) throw UtxoDecodeError("unknown segwit flag");
    segwit = true;
  }
  readInputsAndOutputs(tx, r);
  if (segwit) {
    for (TxInput& in : tx.inputs) {
      in.witness.resize(boundedCount(r, 1));
      for (Bytes& item : in.witness) item = r.varBytes();
    }
    if (!tx.hasWitness()) throw UtxoDecodeError("segwit form without any witness");
  }
  tx.locktime = r.u32();
  if (r.remaining() != 0) throw UtxoDecodeError("bytes after the end of the transaction");
  return tx;
}

}  // namespace walletd

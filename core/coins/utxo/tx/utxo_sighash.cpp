// Signature hashes (SIGHASH_ALL).
#include "core/coins/utxo/tx/utxo_sighash.h"

#include <optional>
#include <stdexcept>

#include "core/coins/utxo/tx/utxo_tx_codec.h"
#include "core/crypto/hashes.h"

namespace walletd {

Digest32 legacySighash(const UtxoTransaction& tx, std::size_t index, ByteView script_code,
                       std::uint32_t hash_type) {
  if (index >= tx.inputs.size()) throw std::out_of_range("no such input");
  UtxoTransaction copy = tx;  // the other scriptSigs blanked, witnesses left out
  for (std::size_t i = 0; i < copy.inputs.size(); ++i) {
    copy.inputs[i].witness.clear();
    copy.inputs[i].script_sig =
        i == index ? Bytes(script_code.begin(), script_code.end()) : Bytes();
  }
  Bytes preimage = Bip144Codec(false).txidPreimage(copy);  // Bitcoin's form without witnesses
  WireWriter(preimage).u32(hash_type);
  return sha256d(preimage);
}

TransparentParts transparentParts(const UtxoTransaction& tx) {
  TransparentParts parts;
  WireWriter p(parts.prevouts), s(parts.sequences), o(parts.outputs);
  for (const TxInput& in : tx.inputs) {
    p.raw(in.prevout.txid);
    p.u32(in.prevout.index);
    s.u32(in.sequence);
  }
  for (const TxOutput& out : tx.outputs) {
    o.u64(out.value);
    o.varBytes(out.script_pubkey);
  }
  return parts;
}

Bip143Sighash::Bip143Sighash(const UtxoTransaction& tx) : tx_(tx) {
  const TransparentParts parts = transparentParts(tx);
  hash_prevouts_ = sha256d(parts.prevouts);
  hash_sequence_ = sha256d(parts.sequences);
  hash_outputs_ = sha256d(parts.outputs);
}

Digest32 Bip143Sighash::digest(std::size_t index, ByteView script_code, std::uint64_t amount,
                               std::uint32_t hash_type) const {
  if (index >= tx_.inputs.size()) throw std::out_of_range("no such input");
  const TxInput& in = tx_.inputs[index];
  Bytes preimage;
  preimage.reserve(160 + script_code.size());
  WireWriter w(preimage);
  w.u32(static_cast<std::uint32_t>(tx_.version));
  w.raw(hash_prevouts_);
  w.raw(hash_sequence_);
  w.raw(in.prevout.txid);
  w.u32(in.prevout.index);
  w.varBytes(script_code);
  w.u64(amount);
  w.u32(in.sequence);
  w.raw(hash_outputs_);
  w.u32(tx_.locktime);
  w.u32(hash_type);
  return sha256d(preimage);
}

namespace {

class BitcoinDigests : public UtxoInputDigests {
 public:
  BitcoinDigests(const UtxoTransaction& tx, bool bip143_everywhere, std::uint32_t hash_type)
      : tx_(tx), bip143_everywhere_(bip143_everywhere), hash_type_(hash_type) {}
  Digest32 digest(std::size_t index, SpendKind kind, ByteView script_code,
                  std::uint64_t amount) const override {
    if (kind == SpendKind::P2PKH && !bip143_everywhere_)
      return legacySighash(tx_, index, script_code, hash_type_);
    if (!bip143_) bip143_.emplace(tx_);  // BIP143's midstates, once per transaction
    return bip143_->digest(index, script_code, amount, hash_type_);
  }

 private:
  const UtxoTransaction& tx_;
  bool bip143_everywhere_;
  std::uint32_t hash_type_;
  mutable std::optional<Bip143Sighash> bip143_;
};

}  // namespace

std::unique_ptr<UtxoInputDigests> BitcoinSighash::forTransaction(const UtxoTransaction& tx) const {
  return std::make_unique<BitcoinDigests>(tx, bip143_everywhere_, hash_type_);
}

}  // namespace walletd

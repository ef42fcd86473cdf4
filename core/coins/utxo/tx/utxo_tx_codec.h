// UtxoTxCodec: how a chain writes its transactions on the wire, reads them back and names them
// (the txid). Bip144Codec is Bitcoin's: version, inputs, outputs, locktime, with BIP144's marker,
// flag and witnesses when an input has one (chains without segwit refuse them). Overwintered
// chains (KMD, Zcash's transparent part) bring their own codec through their chain profile.
#pragma once

#include <string>

#include "core/coins/utxo/tx/utxo_transaction.h"

namespace walletd {

class UtxoTxCodec {
 public:
  virtual ~UtxoTxCodec() = default;
  // The wire form.
  virtual Bytes serialize(const UtxoTransaction& tx) const = 0;
  // The bytes the txid hashes (Bitcoin: the form without witnesses).
  virtual Bytes txidPreimage(const UtxoTransaction& tx) const = 0;
  // Parses a whole transaction; throws UtxoDecodeError.
  virtual UtxoTransaction parse(ByteView bytes) const = 0;

  // Double SHA-256 of txidPreimage, shown reversed.
  std::string txid(const UtxoTransaction& tx) const;
  // 3 × the txid preimage's size + the full size (BIP141; 4 × size without witnesses).
  std::size_t weight(const UtxoTransaction& tx) const;
  std::size_t vsize(const UtxoTransaction& tx) const { return (weight(tx) + 3) / 4; }
};

class Bip144Codec : public UtxoTxCodec {
 public:
  // `witness`: whether the chain has segwit (BCH has not: a marker there is a parse error).
  explicit Bip144Codec(bool witness = true) : witness_(witness) {}
  Bytes serialize(const UtxoTransaction& tx) const override;
  Bytes txidPreimage(const UtxoTransaction& tx) const override;
  UtxoTransaction parse(ByteView bytes) const override;

 private:
  bool witness_;
};

// Counts read from the wire are bounded by the bytes left, so a hostile count cannot make a
// parser reserve gigabytes (every codec's loops use it).
std::size_t boundedCount(WireReader& r, std::size_t min_item_size);

}  // namespace walletd

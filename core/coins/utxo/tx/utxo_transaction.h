// A Bitcoin-style transaction (version 1/2, optional segwit witnesses): the model, its wire
// encoding with and without witnesses (BIP144), txid, weight and virtual size. Chains whose
// format differs (KMD's overwinter v4, BCH's FORKID digest, QTUM's contract outputs) are to come
// as UTXO chain profiles (the seams issue), not as forks of this file.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/coins/utxo/tx/wire.h"

namespace walletd {

// A previous output: the txid as hashed (internal byte order, the reverse of how it is shown).
struct OutPoint {
  ByteArray<32> txid{};
  std::uint32_t index = 0;
  bool operator==(const OutPoint&) const = default;
  // From the displayed (big-endian hex) txid.
  static OutPoint fromDisplay(const std::string& txid_hex, std::uint32_t index);
  std::string displayTxid() const;
};

struct TxInput {
  OutPoint prevout;
  Bytes script_sig;
  std::uint32_t sequence = 0xffffffff;
  std::vector<Bytes> witness;
};

struct TxOutput {
  std::uint64_t value = 0;  // satoshis
  Bytes script_pubkey;
};

struct UtxoTransaction {
  std::int32_t version = 1;
  std::vector<TxInput> inputs;
  std::vector<TxOutput> outputs;
  std::uint32_t locktime = 0;

  bool hasWitness() const;
  // The wire form; with witnesses (BIP144 marker and flag) when any input has one.
  Bytes serialize() const;
  Bytes serializeWithoutWitness() const;
  // Parses a whole transaction (either form); throws UtxoDecodeError.
  static UtxoTransaction parse(ByteView bytes);

  std::string txidHex() const;  // double SHA-256 of the form without witnesses, shown reversed
  std::size_t weight() const;   // 3 × stripped size + full size (BIP141)
  std::size_t vsize() const { return (weight() + 3) / 4; }
};

}  // namespace walletd

// The transaction model every UTXO chain shares (version, inputs with optional witnesses,
// outputs, locktime) and the inputs-and-outputs encoding every wire form has in common. How a
// chain writes the whole transaction, names and signs it is its profile's: utxo_tx_codec.h,
// utxo_sighash.h, core/coins/utxo/chain/.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/encoding/wire.h"

namespace walletd {

// A UTXO transaction that does not decode (the wire reader's error).
using UtxoDecodeError = WireDecodeError;

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
  // What a chain's wire form has after the locktime, kept as read so a parsed transaction
  // serialises (and hashes) back exactly: an overwintered transaction's expiry height, value
  // balance and Sapling parts. Empty on Bitcoin's form.
  Bytes chain_fields;

  bool hasWitness() const;
};

// The input list then the output list, as every codec writes them (counts, outpoints,
// scriptSigs, sequences; values and scripts).
void writeInputsAndOutputs(const UtxoTransaction& tx, WireWriter& w);
// Reads them into `tx`; throws UtxoDecodeError (a transaction without inputs is one).
void readInputsAndOutputs(UtxoTransaction& tx, WireReader& r);

}  // namespace walletd

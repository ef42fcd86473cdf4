// Transaction sizes before signing: the weight of the inputs and outputs chosen so far, with
// signatures at their largest (low-S DER of 71 bytes + the hash type), so that a fee computed
// from them never falls short of the rate. A chain whose wire form carries more than Bitcoin's
// (an overwintered header and its empty shielded fields) adds those bytes to the base size.
#pragma once

#include <cstddef>

#include "core/coins/utxo/tx/spend_kind.h"
#include "core/crypto/bytes.h"

namespace walletd {

class TxWeight {
 public:
  void addInput(SpendKind kind) { ++(kind == SpendKind::P2PKH ? p2pkh_inputs_ : p2wpkh_inputs_); }
  void addOutput(ByteView script_pubkey);
  void addBaseBytes(std::size_t bytes) { extra_base_bytes_ += bytes; }
  std::size_t weight() const;
  std::size_t vsize() const { return (weight() + 3) / 4; }

 private:
  std::size_t p2pkh_inputs_ = 0;
  std::size_t p2wpkh_inputs_ = 0;
  std::size_t outputs_ = 0;
  std::size_t output_bytes_ = 0;
  std::size_t extra_base_bytes_ = 0;
};

}  // namespace walletd

// Transaction sizes before signing: the weight of the inputs and outputs chosen so far, with
// signatures at their largest (low-S DER of 71 bytes + the hash type), so that a fee computed
// from them never falls short of the rate.
#pragma once

#include <cstddef>

#include "core/crypto/bytes.h"

namespace walletd {

enum class SpendKind { P2PKH, P2WPKH };

class TxWeight {
 public:
  void addInput(SpendKind kind) { ++(kind == SpendKind::P2PKH ? p2pkh_inputs_ : p2wpkh_inputs_); }
  void addOutput(ByteView script_pubkey);
  std::size_t weight() const;
  std::size_t vsize() const { return (weight() + 3) / 4; }

 private:
  std::size_t p2pkh_inputs_ = 0;
  std::size_t p2wpkh_inputs_ = 0;
  std::size_t outputs_ = 0;
  std::size_t output_bytes_ = 0;
};

}  // namespace walletd

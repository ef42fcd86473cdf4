// Transaction sizes before signing.
#include "core/coins/utxo/withdraw/tx_size.h"

namespace walletd {
namespace {

constexpr std::size_t kP2pkhInput = 32 + 4 + 1 + (1 + 72) + (1 + 33) + 4;  // 148
constexpr std::size_t kP2wpkhInputBase = 32 + 4 + 1 + 4;                   // 41
constexpr std::size_t kP2wpkhWitness = 1 + (1 + 72) + (1 + 33);            // 108

std::size_t compactSizeLength(std::size_t n) {
  return n < 0xfd ? 1 : n <= 0xffff ? 3 : 5;
}

}  // namespace

void TxWeight::addOutput(ByteView script_pubkey) {
  ++outputs_;
  output_bytes_ += 8 + compactSizeLength(script_pubkey.size()) + script_pubkey.size();
}

std::size_t TxWeight::weight() const {
  const std::size_t inputs = p2pkh_inputs_ + p2wpkh_inputs_;
  const std::size_t base = 4 + compactSizeLength(inputs) + p2pkh_inputs_ * kP2pkhInput +
                           p2wpkh_inputs_ * kP2wpkhInputBase + compactSizeLength(outputs_) +
                           output_bytes_ + 4 + extra_base_bytes_;
  // Marker and flag, then a witness per input: an empty one (one byte) for a P2PKH input.
  const std::size_t witness =
      p2wpkh_inputs_ == 0 ? 0 : 2 + p2pkh_inputs_ + p2wpkh_inputs_ * kP2wpkhWitness;
  return 4 * base + witness;
}

}  // namespace walletd

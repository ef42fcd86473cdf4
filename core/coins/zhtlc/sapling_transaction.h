// A version-4 (Sapling) transaction as ZHTLC coins publish it (Zcash protocol specification
// §7.1), read for the history: the transparent inputs and outputs, the value balance, the
// Sapling spends' nullifiers and the outputs' ciphertexts (recovered with an outgoing viewing
// key). The proofs and signatures are skipped, not checked.
#pragma once

#include <cstdint>
#include <vector>

#include "core/crypto/sapling/note_encryption.h"

namespace walletd {

struct TransparentInput {
  ByteArray<32> prev_txid{};  // internal byte order
  std::uint32_t prev_index = 0;
};

struct TransparentOutput {
  std::uint64_t value = 0;
  Bytes script;
};

struct SaplingTransaction {
  std::vector<TransparentInput> inputs;
  std::vector<TransparentOutput> outputs;
  std::int64_t value_balance = 0;
  std::vector<ByteArray<32>> spend_nullifiers;
  std::vector<sapling::OutputCiphertexts> shielded_outputs;
};

// Throws WireDecodeError for anything but a well-formed overwintered v4 Sapling transaction.
SaplingTransaction parseSaplingTransaction(ByteView raw);

}  // namespace walletd

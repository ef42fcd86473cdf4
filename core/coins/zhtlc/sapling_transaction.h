// A version-4 (Sapling) transaction as ZHTLC coins publish it (Zcash protocol specification
// §7.1): every field kept, so that it serialises back to the same bytes and its ZIP-243 digest
// can be computed (zip243.h). The history reads the transparent parts, the value balance and the
// outputs' ciphertexts; proofs and signatures are carried, never checked.
#pragma once

#include <cstdint>
#include <vector>

#include "core/crypto/sapling/note_encryption.h"

namespace walletd {

struct TransparentInput {
  ByteArray<32> prev_txid{};  // internal byte order
  std::uint32_t prev_index = 0;
  Bytes script_sig;
  std::uint32_t sequence = 0xffffffff;
};

struct TransparentOutput {
  std::uint64_t value = 0;
  Bytes script;
};

struct SaplingSpend {
  ByteArray<32> cv{}, anchor{}, nullifier{}, rk{};
  ByteArray<192> zkproof{};
  ByteArray<64> spend_auth_sig{};
};

struct SaplingOutput {
  sapling::OutputCiphertexts ciphertexts;  // cv, cmu, epk, enc (580), out (80)
  ByteArray<192> zkproof{};
};

struct SaplingTransaction {
  static constexpr std::uint32_t kHeader = 0x80000004;  // overwintered, version 4
  static constexpr std::uint32_t kVersionGroup = 0x892f2085;
  static constexpr std::size_t kJoinSplitSize = 1698;  // a Groth16 JoinSplit description

  std::vector<TransparentInput> inputs;
  std::vector<TransparentOutput> outputs;
  std::uint32_t lock_time = 0;
  std::uint32_t expiry_height = 0;
  std::int64_t value_balance = 0;
  std::vector<SaplingSpend> spends;
  std::vector<SaplingOutput> shielded_outputs;
  Bytes joinsplits;  // the descriptions as sent (count × kJoinSplitSize)
  ByteArray<32> joinsplit_pubkey{};
  ByteArray<64> joinsplit_sig{};
  ByteArray<64> binding_sig{};

  std::size_t joinsplitCount() const { return joinsplits.size() / kJoinSplitSize; }
};

// Throws WireDecodeError for anything but a well-formed overwintered v4 Sapling transaction.
SaplingTransaction parseSaplingTransaction(ByteView raw);
Bytes serializeSaplingTransaction(const SaplingTransaction& tx);

}  // namespace walletd

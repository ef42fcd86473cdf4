// Trial decryption of many compact outputs at once (a block's, or a batch of blocks'), the hot
// loop of a light wallet's sync: one key agreement per output and one field inversion per batch.
#pragma once

#include <optional>
#include <span>
#include <vector>

#include "core/crypto/sapling/note_encryption.h"
#include "core/platform/compute_pool.h"

namespace walletd::sapling {

// One compact output: cmu, epk and (at least) the first 52 bytes of the note ciphertext.
struct CompactOutput {
  ByteArray<32> cmu{};
  ByteArray<32> epk{};
  ByteView ciphertext;
};

// For each output, the note when it decrypts under `ivk` to a note whose commitment is its cmu
// (as tryDecryptCompact), else nullopt. With a pool, the outputs are split over its threads.
std::vector<std::optional<SaplingNote>> trialDecryptCompact(const ByteArray<32>& ivk,
                                                            std::span<const CompactOutput> outputs,
                                                            ComputePool* pool = nullptr);

}  // namespace walletd::sapling

// Scanning compact blocks into a WalletState, as zcash_client_backend's scanner does: each block
// must follow the state's tip (height and prevHash); each transaction's spends mark own notes
// spent by nullifier; each output's cmu is appended to the commitment tree (and to every own
// note's witness); each output is trial-decrypted with the incoming viewing key, and a hit becomes
// a note with its position, nullifier and witness.
#pragma once

#include <span>
#include <stdexcept>

#include "core/coins/zhtlc/lightwalletd/compact_formats.h"
#include "core/coins/zhtlc/sync/wallet_state.h"
#include "core/crypto/sapling/jubjub_point.h"
#include "core/platform/compute_pool.h"

namespace walletd {

struct ScanKeys {
  ByteArray<32> ivk{};
  sapling::JubjubPoint nk;
};

// A block that does not follow the scanned chain: the chain forked at or below `height`.
struct ChainMismatch : std::runtime_error {
  explicit ChainMismatch(std::uint64_t at)
      : std::runtime_error("block " + std::to_string(at) + " does not follow the scanned chain"),
        height(at) {}
  std::uint64_t height;
};

struct ScanOutcome {
  std::size_t notes_received = 0;
  std::size_t notes_spent = 0;
};

// Scans `blocks` (consecutive, the first following state.height) into `state`. Throws
// ChainMismatch before changing anything when the first block does not follow, and leaves the
// blocks before a later mismatch scanned. Trial decryption spreads over `pool` when given.
ScanOutcome scanBlocks(WalletState& state, const ScanKeys& keys,
                       std::span<const CompactBlock> blocks, ComputePool* pool = nullptr);

}  // namespace walletd

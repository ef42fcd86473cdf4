// ZhtlcWalletStore: a ZHTLC wallet's state in Storage (namespace `zcoin`), one wallet per coin and
// viewing key: the current state, where its scan began (first_sync_block), snapshots of
// earlier states to rewind to after a reorg, and the locked notes of its own broadcasts. Each save
// is one atomic batch, so a crash leaves the previous state whole and a restart resumes from the
// last saved block.
#pragma once

#include <optional>
#include <set>
#include <string>

#include "core/coins/zhtlc/spend/locked_notes.h"
#include "core/coins/zhtlc/sync/wallet_state.h"
#include "core/platform/storage.h"

namespace walletd {

// KDF's first_sync_block: the start asked for, whether it is before Sapling, and the start used.
struct FirstSyncBlock {
  std::uint64_t requested = 0;
  bool is_pre_sapling = false;
  std::uint64_t actual = 0;
  Json toJson() const;
};

struct StoredWallet {
  WalletState state;
  FirstSyncBlock first_sync_block;
};

class ZhtlcWalletStore {
 public:
  static constexpr const char* kNamespace = "zcoin";
  static constexpr std::size_t kMaxSnapshots = 16;
  static constexpr std::uint64_t kSnapshotWindow = 200;  // blocks below the tip worth keeping

  // `wallet_id`: the viewing key's fingerprint (hex), so two wallets never share a state.
  ZhtlcWalletStore(Storage& storage, const std::string& ticker, const std::string& wallet_id);

  Task<std::optional<StoredWallet>> load();
  // Starts over from a checkpoint: the old state and snapshots go.
  Task<void> reset(const StoredWallet& fresh);
  // Saves the state, and a snapshot of it to rewind to.
  Task<void> save(const WalletState& state);
  // The newest snapshot at or below `height`; nullopt when none is that old.
  Task<std::optional<WalletState>> snapshotAtOrBelow(std::uint64_t height);
  // After a reorg: `state` (a snapshot) becomes current and the snapshots above it go.
  Task<void> rewound(const WalletState& state);
  const FirstSyncBlock& firstSyncBlock() const { return first_; }
  // The locked-notes store (none when absent or unreadable: the scan settles what it can).
  Task<LockedNotes> loadLocked();
  Task<void> saveLocked(const LockedNotes& locked);

 private:
  std::string key(const std::string& what) const { return prefix_ + what; }
  std::string snapshotKey(std::uint64_t height) const;
  // The snapshots to drop once one at `tip` is added.
  std::vector<std::uint64_t> snapshotsToDrop(std::uint64_t tip) const;

  Storage& storage_;
  std::string prefix_;
  FirstSyncBlock first_;
  std::set<std::uint64_t> snapshots_;
};

}  // namespace walletd

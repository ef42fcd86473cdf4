// ZhtlcSync: brings a ZHTLC wallet to lightwalletd's tip, as KDF's sync loop does in rounds:
// download compact blocks after the scanned tip (UpdatingBlocksCache), scan them in batches of
// scan_blocks_per_iteration with scan_interval_ms between batches (BuildingWalletDb), save the
// state after each batch. A block that does not follow the scanned chain rewinds the wallet to a
// snapshot at least 10 blocks below the fork (KDF's rewind depth), or to the checkpoint. Blocks
// are downloaded in chunks, so a long first sync alternates the two statuses and holds at most
// one chunk in memory (KDF downloads everything first into an on-disk cache).
#pragma once

#include <functional>
#include <memory>

#include "core/async/cancellation.h"
#include "core/coins/zhtlc/lightwalletd/lightwalletd_client.h"
#include "core/coins/zhtlc/sync/block_scanner.h"
#include "core/coins/zhtlc/sync/wallet_store.h"
#include "core/platform/executor.h"

namespace walletd {

struct SyncSettings {
  std::uint32_t scan_blocks_per_iteration = 1000;
  std::uint64_t scan_interval_ms = 0;
  std::uint64_t download_chunk = 10000;
  ComputePool* compute = nullptr;  // the host's cores for trial decryption; null: the core's thread
};

// The wallet as of a checkpoint: lightwalletd's tree state at `height` (that block scanned).
WalletState stateAtCheckpoint(const TreeState& tree);

class ZhtlcSync {
 public:
  static constexpr std::uint64_t kRewindDepth = 10;
  // Progress as KDF's statuses: {"UpdatingBlocksCache": {...}} and {"BuildingWalletDb": {...}}.
  using Report = std::function<void(const Json&)>;

  ZhtlcSync(std::shared_ptr<LightwalletdClient> client, std::shared_ptr<ZhtlcWalletStore> store,
            ScanKeys keys, SyncSettings settings, Executor& executor, WalletState state);

  // Syncs to the tip as of the call; answers that height.
  Task<std::uint64_t> syncToTip(Report report, CancellationToken cancel);

  const WalletState& state() const { return state_; }
  LightwalletdClient& client() { return *client_; }

 private:
  // Scans `blocks` batch by batch; false when the chain forked (the wallet has been rewound).
  Task<bool> scanChunk(const std::vector<CompactBlock>& blocks, std::uint64_t tip,
                       const Report& report, CancellationToken cancel);
  Task<void> rewind(std::uint64_t fork_height);

  std::shared_ptr<LightwalletdClient> client_;
  std::shared_ptr<ZhtlcWalletStore> store_;
  ScanKeys keys_;
  SyncSettings settings_;
  Executor& executor_;
  WalletState state_;
};

}  // namespace walletd

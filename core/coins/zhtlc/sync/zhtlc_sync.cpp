// The rounds of ZhtlcSync. A rewind never goes below the checkpoint: without a snapshot that deep,
// the wallet starts again from lightwalletd's tree state at the first sync block.
#include "core/coins/zhtlc/sync/zhtlc_sync.h"

#include <algorithm>

#include "core/async/sleep.h"
#include "core/crypto/crypto_error.h"
#include "core/encoding/hex.h"

namespace walletd {
namespace {

Json progress(const char* status, std::uint64_t current, std::uint64_t tip) {
  return {{status, {{"current_scanned_block", current}, {"latest_block", tip}}}};
}

}  // namespace

WalletState stateAtCheckpoint(const TreeState& tree) {
  WalletState state;
  state.height = tree.height;
  state.time = tree.time;
  Bytes hash;
  try {
    hash = fromHex(tree.hash);
    state.frontier = sapling::CommitmentFrontier::parseZcash(fromHex(tree.tree));
  } catch (const std::exception& e) {
    throw LightwalletdFailure("GetTreeState answered a damaged tree state: " +
                              std::string(e.what()));
  }
  if (hash.size() != 32) throw LightwalletdFailure("GetTreeState answered a damaged block hash");
  std::reverse_copy(hash.begin(), hash.end(), state.hash.begin());  // display → internal order
  return state;
}

ZhtlcSync::ZhtlcSync(std::shared_ptr<LightwalletdClient> client,
                     std::shared_ptr<ZhtlcWalletStore> store, ScanKeys keys, SyncSettings settings,
                     Executor& executor, WalletState state)
    : client_(std::move(client)),
      store_(std::move(store)),
      keys_(keys),
      settings_(settings),
      executor_(executor),
      state_(std::move(state)) {}

Task<std::uint64_t> ZhtlcSync::syncToTip(Report report, CancellationToken cancel) {
  const BlockId latest = co_await client_->latestBlock();
  const std::uint64_t tip = latest.height;
  if (tip < state_.height) co_await rewind(tip + 1);
  while (state_.height < tip) {
    cancel.throwIfCancelled();
    const std::uint64_t from = state_.height + 1;
    const std::uint64_t to = std::min(tip, state_.height + settings_.download_chunk);
    report(progress("UpdatingBlocksCache", state_.height, tip));
    const std::vector<CompactBlock> blocks = co_await client_->blockRange(from, to);
    report(progress("UpdatingBlocksCache", to, tip));
    const bool followed = co_await scanChunk(blocks, tip, report, cancel);
    if (followed && state_.height < to) {
      throw LightwalletdFailure("GetBlockRange " + std::to_string(from) + ".." +
                                std::to_string(to) + " answered " + std::to_string(blocks.size()) +
                                " blocks");
    }
  }
  co_return tip;
}

Task<bool> ZhtlcSync::scanChunk(const std::vector<CompactBlock>& blocks, std::uint64_t tip,
                                const Report& report, CancellationToken cancel) {
  const std::size_t batch = std::max<std::uint32_t>(1, settings_.scan_blocks_per_iteration);
  for (std::size_t at = 0; at < blocks.size(); at += batch) {
    cancel.throwIfCancelled();
    report(progress("BuildingWalletDb", state_.height, tip));
    const std::size_t n = std::min(batch, blocks.size() - at);
    std::optional<std::uint64_t> fork;
    try {
      scanBlocks(state_, keys_, std::span(blocks).subspan(at, n), settings_.compute);
    } catch (const ChainMismatch& e) {
      fork = e.height;
    }
    co_await store_->save(state_);
    if (fork) {
      co_await rewind(*fork);
      co_return false;
    }
    report(progress("BuildingWalletDb", state_.height, tip));
    if (settings_.scan_interval_ms > 0 && at + n < blocks.size())
      co_await sleepFor(executor_, settings_.scan_interval_ms, cancel);
  }
  co_return true;
}

Task<void> ZhtlcSync::rewind(std::uint64_t fork_height) {
  const std::uint64_t target = fork_height > kRewindDepth ? fork_height - kRewindDepth : 0;
  std::optional<WalletState> snapshot = co_await store_->snapshotAtOrBelow(target);
  const FirstSyncBlock first = store_->firstSyncBlock();
  if (snapshot && snapshot->height >= first.actual) {
    state_ = std::move(*snapshot);
    co_await store_->rewound(state_);
  } else {
    const TreeState tree = co_await client_->treeState(first.actual);
    state_ = stateAtCheckpoint(tree);
    const StoredWallet fresh{state_, first};  // named: GCC 12 and braced co_await arguments
    co_await store_->reset(fresh);
  }
}

}  // namespace walletd

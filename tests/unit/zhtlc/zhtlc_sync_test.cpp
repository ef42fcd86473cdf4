// ZHTLC sync pieces without a peer: KDF's rules for the first sync block (zhtlc.md §3.3), the
// scanner refusing a block that does not follow (a reorg) without touching the state, the
// wallet state's stored form, and the store's snapshots and damaged records.
#include <catch2/catch.hpp>

#include "core/coins/zhtlc/sync/block_scanner.h"
#include "core/coins/zhtlc/sync/wallet_store.h"
#include "core/coins/zhtlc/zhtlc_activation.h"
#include "core/platform/memory_storage.h"
#include "core/rpc/rpc_error.h"
#include "tests/unit/test_support.h"

using namespace walletd;

namespace {

constexpr std::uint64_t kNow = 1'700'000'000;

FirstSyncBlock first(std::optional<SyncStartPoint> start, std::uint64_t tip) {
  return firstSyncBlockFor("ARRR", start, tip, 152855, 60, kNow);
}

}  // namespace

TEST_CASE("First sync block: KDF's rules for absent, height, date and earliest") {
  using K = SyncStartPoint::Kind;
  // Absent: one day of blocks (86400 / avg_blocktime) below the tip.
  CHECK(first(std::nullopt, 2'000'000).toJson() == Json{{"requested", 2'000'000 - 1440},
                                                        {"is_pre_sapling", false},
                                                        {"actual", 2'000'000 - 1440}});
  // A height before Sapling is requested as is and starts at the activation height.
  CHECK(first(SyncStartPoint{K::Height, 100}, 2'000'000).toJson() ==
        Json{{"requested", 100}, {"is_pre_sapling", true}, {"actual", 152855}});
  CHECK(first(SyncStartPoint{K::Earliest, 0}, 2'000'000).actual == 152855);
  // A date less than two days ago: one day of blocks; three and a half days ago: three days.
  CHECK(first(SyncStartPoint{K::Date, kNow - 3600}, 2'000'000).requested == 2'000'000 - 1440);
  CHECK(first(SyncStartPoint{K::Date, kNow - 3 * 86400 - 43200}, 2'000'000).requested ==
        2'000'000 - 3 * 1440);
  // A tip lower than the distance: the activation height.
  CHECK(first(std::nullopt, 1000).toJson() ==
        Json{{"requested", 152855}, {"is_pre_sapling", false}, {"actual", 152855}});
  // A date in the future is KDF's ErrorCalculatingStartingHeight, as a CoinCreationError.
  try {
    first(SyncStartPoint{K::Date, kNow + 10}, 2'000'000);
    FAIL("no error");
  } catch (const RpcError& e) {
    CHECK(e.type() == "CoinCreationError");
    CHECK(std::string(e.what()).find("sync date must be earlier then current date") !=
          std::string::npos);
  }
}

TEST_CASE("Scanner: a block that does not follow the scanned tip changes nothing") {
  WalletState state;
  state.height = 10;
  state.hash[0] = 0xaa;
  ScanKeys keys{};
  keys.nk = sapling::JubjubPoint::identity();
  CompactBlock next;
  next.height = 11;
  next.prev_hash[0] = 0xbb;  // not state.hash
  std::vector<CompactBlock> blocks{next};
  try {
    scanBlocks(state, keys, blocks);
    FAIL("no mismatch");
  } catch (const ChainMismatch& e) {
    CHECK(e.height == 11);
  }
  CHECK(state.height == 10);
  // A following block with no transactions moves the tip and keeps its hash.
  blocks[0].prev_hash = state.hash;
  blocks[0].hash[0] = 0xcc;
  scanBlocks(state, keys, blocks);
  CHECK(state.height == 11);
  CHECK(state.hash[0] == 0xcc);
}

TEST_CASE("Wallet state: the stored form reads back the same") {
  WalletState state;
  state.height = 42;
  state.time = 7;
  state.hash[3] = 9;
  sapling::TreeNode leaf{};
  leaf[0] = 5;
  WalletNote note;
  note.value = 123;
  note.witness = sapling::NoteWitness::forNextLeaf(state.frontier);
  state.frontier.append(leaf);
  note.spent_txid = ByteArray<32>{};
  note.spent_height = 40;
  state.notes.push_back(note);
  state.txs.push_back({ByteArray<32>{}, 41, 8, 2});
  const WalletState back = WalletState::fromJson(Json::parse(state.toJson().dump()));
  CHECK(back.toJson() == state.toJson());
  CHECK(back.frontier.root() == state.frontier.root());
  CHECK(back.unspentValue() == 0);
}

TEST_CASE("Wallet store: saves, snapshots, rewinds; a damaged record is rebuilt, not trusted") {
  test::ManualClock clock;
  LoopExecutor loop(clock);
  MemoryStorage storage;
  ZhtlcWalletStore store(storage, "ARRR", "ab");
  const auto run = [&](auto task) { return test::runTask(loop, clock, std::move(task)); };
  CHECK(!run(store.load()));
  WalletState state;
  state.height = 100;
  const StoredWallet fresh{state, FirstSyncBlock{100, false, 100}};  // outlives the lazy task
  run(test::runVoid(store.reset(fresh)));
  for (std::uint64_t h : {103u, 106u, 109u, 112u}) {
    state.height = h;
    run(test::runVoid(store.save(state)));
  }
  const auto loaded = run(store.load());
  REQUIRE(loaded);
  CHECK(loaded->state.height == 112);
  CHECK(loaded->first_sync_block.actual == 100);
  // The newest snapshot at or below a height; after a rewind, the later ones are gone.
  const auto at = run(store.snapshotAtOrBelow(107));
  REQUIRE(at);
  CHECK(at->height == 106);
  run(test::runVoid(store.rewound(*at)));
  CHECK(run(store.snapshotAtOrBelow(200))->height == 106);
  // Damaged records read as no wallet (the activation then starts from the checkpoint).
  std::vector<StorageWrite> damage{{"ARRR/ab/state", "{\"height\":"}};
  run(test::runVoid(storage.applyBatch(ZhtlcWalletStore::kNamespace, std::move(damage))));
  CHECK(!run(store.load()));
}

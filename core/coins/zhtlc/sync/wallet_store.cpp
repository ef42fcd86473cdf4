// Keys: <ticker>/<wallet>/meta (first_sync_block), /state (the current state), /snap/<height>
// (zero-padded, so a prefix scan lists them in height order), /locked (the locked notes).
#include "core/coins/zhtlc/sync/wallet_store.h"

#include <cstdio>

namespace walletd {

Json FirstSyncBlock::toJson() const {
  return {{"requested", requested}, {"is_pre_sapling", is_pre_sapling}, {"actual", actual}};
}

ZhtlcWalletStore::ZhtlcWalletStore(Storage& storage, const std::string& ticker,
                                   const std::string& wallet_id)
    : storage_(storage), prefix_(ticker + "/" + wallet_id + "/") {}

std::string ZhtlcWalletStore::snapshotKey(std::uint64_t height) const {
  char digits[24];
  std::snprintf(digits, sizeof digits, "%020llu", static_cast<unsigned long long>(height));
  return key("snap/") + digits;
}

Task<std::optional<StoredWallet>> ZhtlcWalletStore::load() {
  const std::optional<std::string> meta = co_await storage_.get(kNamespace, key("meta"));
  const std::optional<std::string> state = co_await storage_.get(kNamespace, key("state"));
  if (!meta || !state) co_return std::nullopt;
  const StorageEntries snaps = co_await storage_.scanPrefix(kNamespace, key("snap/"));
  // A record that does not read back is rebuilt from the chain (its only source) rather than
  // trusted: the caller then starts from a checkpoint.
  try {
    const Json m = Json::parse(*meta);
    FirstSyncBlock first{m.at("requested").get<std::uint64_t>(), m.at("is_pre_sapling").get<bool>(),
                         m.at("actual").get<std::uint64_t>()};
    WalletState loaded = WalletState::fromJson(Json::parse(*state));
    std::set<std::uint64_t> heights;
    for (const auto& [k, v] : snaps) heights.insert(std::stoull(k.substr(key("snap/").size())));
    first_ = first;
    snapshots_ = std::move(heights);
    co_return StoredWallet{std::move(loaded), first};
  } catch (const std::exception&) {
    co_return std::nullopt;
  }
}

Task<void> ZhtlcWalletStore::reset(const StoredWallet& fresh) {
  std::vector<StorageWrite> writes;
  const StorageEntries snaps = co_await storage_.scanPrefix(kNamespace, key("snap/"));
  for (const auto& [k, v] : snaps) writes.push_back({k, std::nullopt});
  writes.push_back({key("meta"), fresh.first_sync_block.toJson().dump()});
  writes.push_back({key("state"), fresh.state.toJson().dump()});
  co_await storage_.applyBatch(kNamespace, std::move(writes));
  first_ = fresh.first_sync_block;
  snapshots_.clear();
}

std::vector<std::uint64_t> ZhtlcWalletStore::snapshotsToDrop(std::uint64_t tip) const {
  std::set<std::uint64_t> kept = snapshots_;
  kept.insert(tip);
  std::vector<std::uint64_t> drop;
  // Below the window only the newest stays (the deepest place to rewind to).
  const std::uint64_t floor = tip > kSnapshotWindow ? tip - kSnapshotWindow : 0;
  while (kept.size() > 1 && *std::next(kept.begin()) < floor) {
    drop.push_back(*kept.begin());
    kept.erase(kept.begin());
  }
  // Too many: the second oldest goes, keeping the deepest one.
  while (kept.size() > kMaxSnapshots) {
    drop.push_back(*std::next(kept.begin()));
    kept.erase(std::next(kept.begin()));
  }
  return drop;
}

Task<void> ZhtlcWalletStore::save(const WalletState& state) {
  const std::string text = state.toJson().dump();
  std::vector<StorageWrite> writes{{key("state"), text}, {snapshotKey(state.height), text}};
  const std::vector<std::uint64_t> drop = snapshotsToDrop(state.height);
  for (std::uint64_t h : drop) writes.push_back({snapshotKey(h), std::nullopt});
  co_await storage_.applyBatch(kNamespace, std::move(writes));
  snapshots_.insert(state.height);
  for (std::uint64_t h : drop) snapshots_.erase(h);
}

Task<std::optional<WalletState>> ZhtlcWalletStore::snapshotAtOrBelow(std::uint64_t height) {
  auto it = snapshots_.upper_bound(height);
  if (it == snapshots_.begin()) co_return std::nullopt;
  const std::uint64_t at = *std::prev(it);
  const std::optional<std::string> text = co_await storage_.get(kNamespace, snapshotKey(at));
  if (!text) co_return std::nullopt;
  try {
    co_return WalletState::fromJson(Json::parse(*text));
  } catch (const std::exception&) {
    co_return std::nullopt;  // a damaged snapshot: the rewind goes to the checkpoint instead
  }
}

Task<void> ZhtlcWalletStore::rewound(const WalletState& state) {
  std::vector<StorageWrite> writes{{key("state"), state.toJson().dump()}};
  std::vector<std::uint64_t> above(snapshots_.upper_bound(state.height), snapshots_.end());
  for (std::uint64_t h : above) writes.push_back({snapshotKey(h), std::nullopt});
  co_await storage_.applyBatch(kNamespace, std::move(writes));
  for (std::uint64_t h : above) snapshots_.erase(h);
}

Task<LockedNotes> ZhtlcWalletStore::loadLocked() {
  const std::optional<std::string> text = co_await storage_.get(kNamespace, key("locked"));
  if (!text) co_return LockedNotes{};
  try {
    co_return LockedNotes::fromJson(Json::parse(*text));
  } catch (const std::exception&) {
    co_return LockedNotes{};
  }
}

Task<void> ZhtlcWalletStore::saveLocked(const LockedNotes& locked) {
  std::vector<StorageWrite> writes{{key("locked"), locked.toJson().dump()}};
  co_await storage_.applyBatch(kNamespace, std::move(writes));
}

}  // namespace walletd

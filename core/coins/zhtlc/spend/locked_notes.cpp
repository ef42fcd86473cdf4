#include "core/coins/zhtlc/spend/locked_notes.h"

#include <algorithm>
#include <stdexcept>

#include "core/encoding/hex.h"

namespace walletd {
namespace {

ByteArray<32> array32(const Json& text) {
  const Bytes bytes = fromHex(text.get<std::string>());
  if (bytes.size() != 32) throw std::runtime_error("zhtlc locked notes: bad byte string length");
  ByteArray<32> out{};
  std::copy(bytes.begin(), bytes.end(), out.begin());
  return out;
}

bool spentIn(const WalletState& state, const ByteArray<32>& nullifier) {
  return std::any_of(state.notes.begin(), state.notes.end(),
                     [&](const WalletNote& n) { return n.nf == nullifier && n.spent(); });
}

}  // namespace

void LockedNotes::add(LockedSpend spend) {
  spends_.push_back(std::move(spend));
}

bool LockedNotes::locks(const ByteArray<32>& nullifier) const {
  return std::any_of(spends_.begin(), spends_.end(), [&](const LockedSpend& s) {
    return std::find(s.nullifiers.begin(), s.nullifiers.end(), nullifier) != s.nullifiers.end();
  });
}

bool LockedNotes::settledBy(const LockedSpend& spend, const WalletState& state) {
  if (spend.expiry_height != 0 && state.height > spend.expiry_height) return true;  // 0: never
  return std::all_of(spend.nullifiers.begin(), spend.nullifiers.end(),
                     [&](const ByteArray<32>& nf) { return spentIn(state, nf); });
}

std::uint64_t LockedNotes::lockedValue(const WalletState& state) const {
  std::uint64_t sum = 0;
  for (const WalletNote& n : state.notes) {
    if (!n.spent() && locks(n.nf)) sum += n.value;
  }
  return sum;
}

std::uint64_t LockedNotes::lockedChange(const WalletState& state) const {
  std::uint64_t sum = 0;
  for (const LockedSpend& s : spends_) {
    if (!settledBy(s, state)) sum += s.change;
  }
  return sum;
}

bool LockedNotes::settle(const WalletState& state) {
  const auto before = spends_.size();
  spends_.erase(std::remove_if(spends_.begin(), spends_.end(),
                               [&](const LockedSpend& s) { return settledBy(s, state); }),
                spends_.end());
  return spends_.size() != before;
}

Json LockedNotes::toJson() const {
  Json rows = Json::array();
  for (const LockedSpend& s : spends_) {
    Json nullifiers = Json::array();
    for (const auto& nf : s.nullifiers) nullifiers.push_back(toHex(nf));
    rows.push_back({{"txid", toHex(s.txid)},
                    {"nullifiers", nullifiers},
                    {"change", s.change},
                    {"expiry_height", s.expiry_height}});
  }
  return rows;
}

LockedNotes LockedNotes::fromJson(const Json& json) {
  LockedNotes out;
  for (const Json& row : json) {
    LockedSpend s;
    s.txid = array32(row.at("txid"));
    for (const Json& nf : row.at("nullifiers")) s.nullifiers.push_back(array32(nf));
    s.change = row.at("change").get<std::uint64_t>();
    s.expiry_height = row.at("expiry_height").get<std::uint32_t>();
    out.spends_.push_back(std::move(s));
  }
  return out;
}

}  // namespace walletd

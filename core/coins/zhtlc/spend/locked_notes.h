// LockedNotes: KDF's locked-notes store. A shielded transaction of the wallet that has been
// broadcast but not mined locks the notes it spends (they leave the spendable balance) and its
// change (the unspendable balance) until the scan sees those notes spent. walletd also drops a
// lock once the chain passes the transaction's expiry height: a transaction that can no longer be
// mined frees its notes (KDF keeps such a lock). Stored with the wallet (ZhtlcWalletStore).
#pragma once

#include <vector>

#include "core/coins/zhtlc/sync/wallet_state.h"

namespace walletd {

struct LockedSpend {
  ByteArray<32> txid{};  // internal byte order
  std::vector<ByteArray<32>> nullifiers;
  std::uint64_t change = 0;
  std::uint32_t expiry_height = 0;
};

class LockedNotes {
 public:
  void add(LockedSpend spend);
  bool locks(const ByteArray<32>& nullifier) const;
  // The value of `state`'s unspent notes that a lock holds (out of the spendable balance).
  std::uint64_t lockedValue(const WalletState& state) const;
  // The change of the locks `state` has not settled yet (a mined transaction's change is a
  // note of the state already: never counted twice).
  std::uint64_t lockedChange(const WalletState& state) const;
  // Drops the locks `state` settles (all their notes spent, or expired); true when one went.
  bool settle(const WalletState& state);
  bool empty() const { return spends_.empty(); }

  Json toJson() const;
  static LockedNotes fromJson(const Json& json);  // throws on a damaged record

 private:
  static bool settledBy(const LockedSpend& spend, const WalletState& state);
  std::vector<LockedSpend> spends_;
};

}  // namespace walletd

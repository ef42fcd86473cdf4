// RecentSpends: what the coin's own broadcasts spent and made, until its peer shows them. Right
// after a broadcast a peer (an Electrum server indexing its mempool, most of all) may still list
// the outputs just spent and not yet the change: a second withdraw would spend them again and be
// refused (txn-mempool-conflict). Listings pass through here: spent outputs are left out, and
// unconfirmed outputs of our own transactions added, until the peer agrees (or 10 minutes pass,
// when the broadcast is taken as lost).
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "core/coins/utxo/utxo_backend.h"

namespace walletd {

class RecentSpends {
 public:
  static constexpr std::uint64_t kForgetAfterMs = 10 * 60 * 1000;

  // A transaction of ours went out at `now_ms`; `own` says which output scripts are ours.
  // `txid`: the transaction's, as its chain names it.
  void broadcast(const UtxoTransaction& tx, const std::string& txid,
                 const std::vector<Bytes>& own_scripts, std::uint64_t now_ms);
  // The peer's listing for `addresses` (in order), corrected.
  std::vector<std::vector<UnspentOutput>> correct(const std::vector<WatchedAddress>& addresses,
                                                  std::vector<std::vector<UnspentOutput>> listed,
                                                  std::uint64_t now_ms);

 private:
  static std::string key(const OutPoint& o) {
    return o.displayTxid() + ":" + std::to_string(o.index);
  }

  std::map<std::string, std::uint64_t> spent_;  // outpoint → when
  struct Pending {
    UnspentOutput output;
    std::uint64_t at = 0;
  };
  std::map<std::string, Pending> made_;  // outpoint → our unconfirmed output
};

}  // namespace walletd

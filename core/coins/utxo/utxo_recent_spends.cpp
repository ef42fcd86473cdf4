// Correcting a peer's unspent listing with the coin's own recent broadcasts.
#include "core/coins/utxo/utxo_recent_spends.h"

#include <algorithm>
#include <set>

namespace walletd {

void RecentSpends::broadcast(const UtxoTransaction& tx, const std::string& txid,
                             const std::vector<Bytes>& own_scripts, std::uint64_t now_ms) {
  for (const TxInput& in : tx.inputs) {
    spent_[key(in.prevout)] = now_ms;
    made_.erase(key(in.prevout));
  }
  for (std::uint32_t i = 0; i < tx.outputs.size(); ++i) {
    const TxOutput& out = tx.outputs[i];
    if (std::find(own_scripts.begin(), own_scripts.end(), out.script_pubkey) == own_scripts.end())
      continue;
    UnspentOutput u;
    u.outpoint = OutPoint::fromDisplay(txid, i);
    u.value = out.value;
    u.script_pubkey = out.script_pubkey;
    made_[key(u.outpoint)] = {u, now_ms};
  }
}

std::vector<std::vector<UnspentOutput>> RecentSpends::correct(
    const std::vector<WatchedAddress>& addresses, std::vector<std::vector<UnspentOutput>> listed,
    std::uint64_t now_ms) {
  std::set<std::string> seen;
  for (const auto& outputs : listed)
    for (const UnspentOutput& u : outputs) seen.insert(key(u.outpoint));
  // What the peer caught up with, or what is too old to wait for, is forgotten.
  for (auto it = spent_.begin(); it != spent_.end();)
    it = !seen.count(it->first) || now_ms - it->second > kForgetAfterMs ? spent_.erase(it) : ++it;
  for (auto it = made_.begin(); it != made_.end();)
    it = seen.count(it->first) || now_ms - it->second.at > kForgetAfterMs ? made_.erase(it) : ++it;
  for (std::size_t i = 0; i < listed.size() && i < addresses.size(); ++i) {
    auto& outputs = listed[i];
    outputs.erase(std::remove_if(
                      outputs.begin(), outputs.end(),
                      [this](const UnspentOutput& u) { return spent_.count(key(u.outpoint)) > 0; }),
                  outputs.end());
    for (const auto& [k, pending] : made_)
      if (pending.output.script_pubkey == addresses[i].script) outputs.push_back(pending.output);
  }
  return listed;
}

}  // namespace walletd

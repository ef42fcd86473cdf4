// MakingTxFacts: what a chain profile remembers of the transactions that made a wallet's outputs
// — one fact per txid (BCH: the output scripts, to find token outputs; QTUM: whether it pays a
// block reward, to wait for maturity), learnt from the peer once, since a transaction never
// changes. A call answers from its own copy, so a cache cleared meanwhile (by this call or
// another) cannot leave a txid without its fact.
#pragma once

#include <algorithm>
#include <exception>
#include <map>
#include <string>
#include <vector>

#include "core/async/task.h"
#include "core/coins/utxo/tx/utxo_tx_codec.h"
#include "core/coins/utxo/utxo_backend.h"

namespace walletd {

template <typename Fact>
class MakingTxFacts {
 public:
  static constexpr std::size_t kMaxRemembered = 100000;  // transactions whose fact is kept
  // `learn` reads the fact from a parsed making transaction; `unreadable` is the fact of one
  // that does not parse.
  using Learn = Fact (*)(const UtxoTransaction& tx);
  MakingTxFacts(Learn learn, Fact unreadable) : learn_(learn), unreadable_(std::move(unreadable)) {}

  // The fact of each of `txids`; the ones not remembered come from one batch to the peer.
  Task<std::map<std::string, Fact>> of(UtxoBackend& backend, const UtxoTxCodec& codec,
                                       std::vector<std::string> txids) const {
    std::map<std::string, Fact> out;
    std::vector<std::string> missing;
    for (const std::string& txid : txids) {
      if (out.count(txid)) continue;
      auto known = known_.find(txid);
      if (known != known_.end()) {
        out.emplace(txid, known->second);
      } else if (std::find(missing.begin(), missing.end(), txid) == missing.end()) {
        missing.push_back(txid);
      }
    }
    std::vector<Bytes> raw;
    if (!missing.empty()) raw = co_await backend.transactions(missing);
    if (known_.size() + missing.size() > kMaxRemembered) known_.clear();
    for (std::size_t i = 0; i < missing.size(); ++i) {
      Fact fact = unreadable_;
      try {
        fact = learn_(codec.parse(i < raw.size() ? raw[i] : Bytes()));
      } catch (const std::exception&) {
        fact = unreadable_;
      }
      known_[missing[i]] = fact;
      out[missing[i]] = std::move(fact);
    }
    co_return out;
  }

 private:
  Learn learn_;
  Fact unreadable_;
  mutable std::map<std::string, Fact> known_;
};

}  // namespace walletd

// The fork-id chains' profile.
#include "core/coins/utxo/bch/fork_id_chain.h"

#include <algorithm>

#include "core/coins/utxo/bch/bch_token_outputs.h"

namespace walletd {
namespace {

constexpr std::size_t kMaxRemembered = 100000;  // transactions whose output scripts are kept

}  // namespace

ForkIdChain::ForkIdChain(const UtxoChainRules& rules)
    : version_(rules.tx_version.value_or(kDefaultVersion)),
      token_aware_(rules.cash_address || rules.protocol_type == "BCH"),
      codec_(rules.segwit),
      sighash_(rules.signature_version == UtxoChainRules::SignatureVersion::ForkId,
               kSighashAll | rules.fork_id) {}

bool ForkIdChain::serves(const UtxoChainRules& rules) {
  return (rules.protocol_type == "UTXO" || rules.protocol_type == "BCH") && !rules.overwintered &&
         rules.fork_id <= 0xff && (rules.fork_id & kSighashAll) == 0 &&
         (rules.fork_id != 0 ||
          rules.signature_version == UtxoChainRules::SignatureVersion::ForkId);
}

UtxoTransaction ForkIdChain::newTransaction() const {
  UtxoTransaction tx;
  tx.version = version_;
  return tx;
}

Task<std::uint32_t> ForkIdChain::locktime(UtxoWithdrawContext ctx) const {
  co_return static_cast<std::uint32_t>(ctx.clock.unixMillis() / 1000);
}

// The output scripts of each listed output's making transaction come from the cache or, for the
// ones it lacks, from one batch to the peer; this call classifies from its own copy, so a cache
// cleared meanwhile (by this call or another) cannot leave an output without its scripts.
Task<std::vector<UnspentOutput>> ForkIdChain::spendable(UtxoWithdrawContext ctx,
                                                        std::vector<UnspentOutput> outputs) const {
  if (!token_aware_) co_return outputs;
  std::map<std::string, std::vector<Bytes>> made_by;
  std::vector<std::string> missing;
  for (const UnspentOutput& u : outputs) {
    const std::string txid = u.outpoint.displayTxid();
    if (made_by.count(txid)) continue;
    auto cached = made_by_.find(txid);
    if (cached != made_by_.end()) {
      made_by.emplace(txid, cached->second);
    } else if (std::find(missing.begin(), missing.end(), txid) == missing.end()) {
      missing.push_back(txid);
    }
  }
  std::vector<Bytes> raw;
  if (!missing.empty()) raw = co_await ctx.backend.transactions(missing);
  if (made_by_.size() + missing.size() > kMaxRemembered) made_by_.clear();
  for (std::size_t i = 0; i < missing.size(); ++i) {
    std::vector<Bytes> scripts;
    try {
      for (TxOutput& out : codec_.parse(i < raw.size() ? raw[i] : Bytes()).outputs)
        scripts.push_back(std::move(out.script_pubkey));
    } catch (const std::exception&) {
      scripts.clear();  // a transaction we cannot read: its outputs are undetermined
    }
    made_by_[missing[i]] = scripts;
    made_by[missing[i]] = std::move(scripts);
  }
  std::erase_if(outputs, [&made_by](const UnspentOutput& u) {
    return classifyBchOutput(made_by[u.outpoint.displayTxid()], u.outpoint.index) !=
           BchOutputKind::Plain;
  });
  co_return outputs;
}

}  // namespace walletd

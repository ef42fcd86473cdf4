// The overwintered v4 profile and KMD's interest claim.
#include "core/coins/utxo/kmd/overwinter_chain.h"

#include <algorithm>

#include "core/coins/utxo/kmd/kmd_interest.h"
#include "core/encoding/uint256.h"

namespace walletd {

OverwinterChain::OverwinterChain(const UtxoChainRules& rules)
    : accrues_(rules.ticker == "KMD"),
      codec_(rules.version_group_id),
      sighash_(rules.consensus_branch_id, rules.version_group_id) {}

bool OverwinterChain::serves(const UtxoChainRules& rules) {
  return rules.protocol_type == "UTXO" && rules.overwintered && rules.tx_version == 4 &&
         rules.fork_id == 0;
}

UtxoTransaction OverwinterChain::newTransaction() const {
  UtxoTransaction tx;
  tx.version = 4;
  tx.chain_fields = OverwinterCodec::transparentFields();
  return tx;
}

std::size_t OverwinterChain::extraBaseBytes() const {
  return 4 + OverwinterCodec::transparentFields().size();  // version group id, the fields
}

Task<std::uint32_t> medianTimePast(UtxoBackend& backend, std::uint64_t count) {
  const std::uint64_t tip = co_await backend.currentBlock();
  std::vector<std::uint64_t> heights;
  for (std::uint64_t h = tip + 1 > count ? tip + 1 - count : 0; h <= tip; ++h) heights.push_back(h);
  std::vector<std::uint64_t> times = co_await backend.blockTimes(heights);
  std::sort(times.begin(), times.end());
  co_return times.empty() ? 0 : static_cast<std::uint32_t>(times[times.size() / 2]);
}

Task<std::uint32_t> OverwinterChain::locktime(UtxoWithdrawContext ctx) const {
  if (!accrues_) co_return static_cast<std::uint32_t>(ctx.clock.unixMillis() / 1000);
  co_return co_await medianTimePast(ctx.backend);
}

// Each input's interest against this transaction's locktime (the MTP), from the locktime and
// height of the transaction that made it.
Task<std::uint64_t> OverwinterChain::extraInputValue(UtxoWithdrawContext ctx,
                                                     std::vector<Unspent> inputs,
                                                     std::uint32_t locktime) const {
  if (!accrues_ || inputs.empty()) co_return 0;
  const std::uint64_t tip = co_await ctx.backend.currentBlock();
  std::vector<std::string> txids;
  txids.reserve(inputs.size());
  for (const Unspent& u : inputs) txids.push_back(u.outpoint.displayTxid());
  const std::vector<Bytes> raw = co_await ctx.backend.transactions(txids);
  std::uint64_t total = 0;
  for (std::size_t i = 0; i < inputs.size() && i < raw.size(); ++i) {
    KmdOutputFacts facts;
    facts.value = inputs[i].output.value;
    facts.locktime = codec_.parse(raw[i]).locktime;
    const std::uint64_t confirmations = inputs[i].confirmations;
    if (confirmations > 0 && tip + 1 >= confirmations) facts.height = tip + 1 - confirmations;
    const auto interest = kmdInterest(facts, locktime);
    if (const auto* accrued = std::get_if<std::uint64_t>(&interest)) total += *accrued;
  }
  co_return total;
}

void OverwinterChain::addResultExtras(TransactionDetails& details, std::uint64_t extra,
                                      unsigned decimals) const {
  if (!accrues_) return;
  details.extras["kmd_rewards"] =
      Json{{"amount", UInt256(extra).toDecimal(decimals)}, {"claimed_by_me", true}};
}

}  // namespace walletd

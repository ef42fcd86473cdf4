// The overwintered v4 profile and KMD's interest claim.
#include "core/coins/utxo/kmd/overwinter_chain.h"

#include <algorithm>

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

Task<std::uint32_t> medianTimePast(UtxoBackend& backend, std::uint64_t tip, std::uint64_t count) {
  std::vector<std::uint64_t> heights;
  for (std::uint64_t h = tip + 1 > count ? tip + 1 - count : 0; h <= tip; ++h) heights.push_back(h);
  std::vector<std::uint64_t> times = co_await backend.blockTimes(heights);
  std::sort(times.begin(), times.end());
  co_return times.empty() ? 0 : static_cast<std::uint32_t>(times[times.size() / 2]);
}

Task<std::vector<KmdOutputFacts>> kmdOutputFacts(UtxoBackend& backend, const UtxoTxCodec& codec,
                                                 std::vector<KmdOutputRef> outputs,
                                                 std::uint64_t tip) {
  std::vector<std::string> txids;
  txids.reserve(outputs.size());
  for (const KmdOutputRef& o : outputs) txids.push_back(o.outpoint.displayTxid());
  const std::vector<Bytes> raw = co_await backend.transactions(txids);
  std::vector<KmdOutputFacts> facts;
  facts.reserve(outputs.size());
  for (std::size_t i = 0; i < outputs.size() && i < raw.size(); ++i) {
    KmdOutputFacts& f = facts.emplace_back();
    f.value = outputs[i].value;
    f.locktime = codec.parse(raw[i]).locktime;
    const std::uint64_t confirmations = outputs[i].confirmations;
    if (confirmations > 0 && tip + 1 >= confirmations) f.height = tip + 1 - confirmations;
  }
  co_return facts;
}

Task<std::uint32_t> OverwinterChain::locktime(UtxoWithdrawContext ctx) const {
  if (!accrues_) co_return nowLocktime(ctx);
  const std::uint64_t tip = co_await ctx.backend.currentBlock();
  co_return co_await medianTimePast(ctx.backend, tip);
}

// Each input's interest against this transaction's locktime (the MTP).
Task<std::uint64_t> OverwinterChain::extraInputValue(UtxoWithdrawContext ctx,
                                                     std::vector<Unspent> inputs,
                                                     std::uint32_t locktime) const {
  if (!accrues_ || inputs.empty()) co_return 0;
  const std::uint64_t tip = co_await ctx.backend.currentBlock();
  std::vector<KmdOutputRef> refs;
  refs.reserve(inputs.size());
  for (const Unspent& u : inputs) refs.push_back({u.outpoint, u.output.value, u.confirmations});
  const std::vector<KmdOutputFacts> facts =
      co_await kmdOutputFacts(ctx.backend, codec_, std::move(refs), tip);
  std::uint64_t total = 0;
  for (const KmdOutputFacts& f : facts) {
    const auto interest = kmdInterest(f, locktime);
    if (const auto* accrued = std::get_if<std::uint64_t>(&interest)) total += *accrued;
  }
  co_return total;
}

std::optional<std::uint64_t> OverwinterChain::claimedByInputs(
    const UtxoTransaction& tx, const std::vector<std::optional<SpentOutputFacts>>& inputs) const {
  if (!accrues_) return std::nullopt;
  std::uint64_t total = 0;
  for (const auto& input : inputs) {
    if (!input) continue;
    const auto interest = kmdInterest({input->value, input->locktime, input->height}, tx.locktime);
    if (const auto* accrued = std::get_if<std::uint64_t>(&interest)) total += *accrued;
  }
  return total;
}

void OverwinterChain::addResultExtras(TransactionDetails& details, std::uint64_t extra,
                                      unsigned decimals) const {
  if (!accrues_) return;
  details.extras["kmd_rewards"] =
      Json{{"amount", UInt256(extra).toDecimal(decimals)}, {"claimed_by_me", true}};
}

}  // namespace walletd

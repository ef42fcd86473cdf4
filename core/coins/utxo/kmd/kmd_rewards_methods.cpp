// kmd_rewards_info: KDF's rows {tx_hash, height?, output_index, amount, locktime,
// accrued_rewards: {Accrued} | {NotAccruedReason}, accrue_start_at?, accrue_stop_at?}; errors are
// KDF's legacy texts (HTTP 500).
#include "core/coins/utxo/kmd/kmd_rewards_methods.h"

#include <algorithm>

#include "core/coins/utxo/kmd/kmd_interest.h"
#include "core/coins/utxo/kmd/overwinter_chain.h"
#include "core/coins/standalone_activation.h"
#include "core/coins/utxo/utxo_coin.h"
#include "core/encoding/uint256.h"
#include "core/node/node.h"

namespace walletd {
namespace {

constexpr std::uint64_t kHour = 3600;
constexpr std::uint64_t k31Days = 31 * 24 * 3600;
constexpr std::uint64_t k365Days = 365 * 24 * 3600;

[[noreturn]] void refuse(const std::string& message) {
  throw rpcError(InitStandaloneCoinError::Internal, message, Json(message));
}

struct Row {
  std::uint64_t value = 0;
  Json json;
};

// One row: the output, and what it accrued by `mtp` (when accruing starts and stops, where KDF
// writes them: for Accrued, TransactionInMempool and OneHourNotPassedYet; stop needs a height).
Row rowFor(const UnspentOutput& u, const KmdOutputFacts& facts, std::uint64_t mtp,
           unsigned decimals) {
  Row row{u.value, Json::object()};
  row.json["tx_hash"] = u.outpoint.displayTxid();
  if (facts.height) row.json["height"] = *facts.height;
  row.json["output_index"] = u.outpoint.index;
  row.json["amount"] = UInt256(u.value).toDecimal(decimals);
  row.json["locktime"] = facts.locktime;
  const auto interest = kmdInterest(facts, mtp);
  bool times = true;
  if (const auto* accrued = std::get_if<std::uint64_t>(&interest)) {
    row.json["accrued_rewards"] = {{"Accrued", UInt256(*accrued).toDecimal(decimals)}};
  } else {
    const KmdNotAccruedReason reason = std::get<KmdNotAccruedReason>(interest);
    row.json["accrued_rewards"] = {{"NotAccruedReason", std::string(reasonName(reason))}};
    times = reason == KmdNotAccruedReason::TransactionInMempool ||
            reason == KmdNotAccruedReason::OneHourNotPassedYet;
  }
  if (times) {
    row.json["accrue_start_at"] = std::uint64_t{facts.locktime} + kHour;
    if (facts.height)
      row.json["accrue_stop_at"] =
          std::uint64_t{facts.locktime} + (*facts.height >= 1000000 ? k31Days : k365Days);
  }
  return row;
}

Task<Json> kmdRewardsInfo(RequestContext& ctx, NoParams) {
  auto active = ctx.node.activeCoins().find("KMD");
  if (!active) refuse("KMD is not activated");
  auto coin = std::dynamic_pointer_cast<UtxoCoin>(active);
  if (!coin) refuse("KMD was expected to be UTXO");
  if (dynamic_cast<const OverwinterChain*>(&coin->chain()) == nullptr)
    refuse("rewards info can be obtained for KMD only");
  const std::vector<UnspentOutput> outputs =
      co_await coin->unspentSpendableBy(coin->ownedAddresses());
  const std::uint64_t tip = co_await coin->backend().currentBlock();
  const std::uint32_t mtp = co_await medianTimePast(coin->backend(), tip);
  std::vector<KmdOutputRef> refs;
  refs.reserve(outputs.size());
  for (const UnspentOutput& u : outputs) refs.push_back({u.outpoint, u.value, u.confirmations});
  const std::vector<KmdOutputFacts> facts =
      co_await kmdOutputFacts(coin->backend(), coin->chain().codec(), std::move(refs), tip);
  std::vector<Row> rows;
  rows.reserve(facts.size());
  for (std::size_t i = 0; i < facts.size(); ++i)
    rows.push_back(rowFor(outputs[i], facts[i], mtp, coin->settings().decimals));
  std::stable_sort(rows.begin(), rows.end(),
                   [](const Row& a, const Row& b) { return a.value > b.value; });
  Json result = Json::array();
  for (Row& row : rows) result.push_back(std::move(row.json));
  co_return Json{{"result", std::move(result)}};
}

}  // namespace

void registerKmdRewardsMethods(MethodTable& t) {
  t.add({"kmd_rewards_info",
         "{ result: { tx_hash: string; height?: number; output_index: number; amount: string; "
         "locktime: number; accrued_rewards: { Accrued: string } | { NotAccruedReason: string "
         "}; accrue_start_at?: number; accrue_stop_at?: number }[] } /* legacy form only */",
         MethodAccess::Protected, nullptr, legacyHandler(&kmdRewardsInfo)});
}

}  // namespace walletd

// Projecting the provider's transfer states.
#include "core/coins/tron/gasless/gasless_status.h"

#include "core/coins/tron/gasless/gasless_errors.h"

namespace walletd {
namespace {

template <typename T>
Json orNull(const std::optional<T>& value) {
  return value ? Json(*value) : Json();
}

std::string projectState(const RelayTrace& trace) {
  if (trace.state == "FAILED" || trace.txn_state == "ON_CHAIN_FAILED") return "failed";
  if (trace.state == "WAITING") return "pending";
  if (trace.state == "INPROGRESS") return "submitted";
  if (trace.state == "CONFIRMING") return "on_chain";
  if (trace.state == "SUCCEED") return "confirmed";
  throw gaslessError(GaslessError::InvalidProviderResponse,
                     "The relay provider reported an unknown transfer state " +
                         sanitizedProviderText(trace.state).substr(0, 40));
}

}  // namespace

Json GaslessStatus::toJson() const {
  Json out = Json::object();
  out["coin"] = coin;
  out["trace_id"] = trace_id;
  out["state"] = state;
  out["tx_hash_on_chain"] = orNull(tx_hash_on_chain);
  out["block_height"] = orNull(block_height);
  out["confirmed_at"] = orNull(confirmed_at);
  out["final_fee"] = orNull(final_fee);
  out["failure_reason"] = orNull(failure_reason);
  return out;
}

GaslessStatus projectTrace(const RelayTrace& trace, const std::string& coin, unsigned decimals) {
  GaslessStatus out;
  out.coin = coin;
  out.trace_id = trace.id;
  out.state = projectState(trace);
  if (out.state == "on_chain" || out.state == "confirmed" || out.state == "failed") {
    out.tx_hash_on_chain = trace.txn_hash;
    out.block_height = trace.txn_block_num;
    if (trace.txn_block_timestamp_ms) out.confirmed_at = *trace.txn_block_timestamp_ms / 1000;
    if (trace.txn_total_fee) out.final_fee = trace.txn_total_fee->toDecimal(decimals);
  }
  if (out.state == "failed")
    out.failure_reason = trace.reason ? sanitizedProviderText(*trace.reason) : "unknown";
  return out;
}

}  // namespace walletd

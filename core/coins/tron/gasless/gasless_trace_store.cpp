// Followed gasless transfers as JSON records.
#include "core/coins/tron/gasless/gasless_trace_store.h"

#include "core/encoding/encoding_error.h"
#include "core/encoding/tron_address.h"
#include "core/rpc/json.h"

namespace walletd {
namespace {
constexpr const char* kNamespace = "gasless_traces";
}  // namespace

Task<void> GaslessTraceStore::put(StoredTrace trace) {
  Json record = Json::object();
  record["coin"] = trace.coin;
  record["decimals"] = trace.decimals;
  record["user"] = tronBase58(trace.user);
  record["last_state"] = trace.last_state;
  std::vector<StorageWrite> writes;
  writes.push_back({platform_ + "/" + trace.trace_id, record.dump()});
  co_await storage_.applyBatch(kNamespace, std::move(writes));
}

Task<void> GaslessTraceStore::remove(std::string trace_id) {
  std::vector<StorageWrite> writes;
  writes.push_back({platform_ + "/" + trace_id, std::nullopt});
  co_await storage_.applyBatch(kNamespace, std::move(writes));
}

Task<std::vector<StoredTrace>> GaslessTraceStore::load() {
  const std::string prefix = platform_ + "/";
  const StorageEntries entries = co_await storage_.scanPrefix(kNamespace, prefix);
  std::vector<StoredTrace> out;
  for (const auto& [key, text] : entries) {
    const Json record = Json::parse(text, nullptr, false);
    if (!record.is_object() || !record.value("coin", Json()).is_string() ||
        !record.value("decimals", Json()).is_number_unsigned() ||
        !record.value("user", Json()).is_string()) {
      continue;
    }
    StoredTrace trace;
    trace.trace_id = key.substr(prefix.size());
    trace.coin = record["coin"].get<std::string>();
    trace.decimals = record["decimals"].get<unsigned>();
    trace.last_state = record.value("last_state", Json("")).is_string()
                           ? record["last_state"].get<std::string>()
                           : "";
    try {
      trace.user = parseTronAddress(record["user"].get<std::string>());
    } catch (const EncodingError&) {
      continue;
    }
    out.push_back(std::move(trace));
  }
  co_return out;
}

}  // namespace walletd

// HD account records as JSON: [{"account_id":0,"external":3,"internal":0}, ...].
#include "core/wallet/hd/hd_account_store.h"

#include <algorithm>

#include "core/rpc/json.h"

namespace walletd {
namespace {
constexpr const char* kNamespace = "hd_wallet";

std::uint32_t countField(const Json& record, const char* name) {
  const Json value = record.value(name, Json());
  return value.is_number_unsigned() ? value.get<std::uint32_t>() : 0;
}
}  // namespace

Task<std::vector<HdAccountRecord>> HdAccountStore::load(const std::string& ticker) {
  const std::optional<std::string> text = co_await storage_.get(kNamespace, key(ticker));
  std::vector<HdAccountRecord> out;
  if (!text) co_return out;
  const Json records = Json::parse(*text, nullptr, false);
  if (!records.is_array()) co_return out;
  for (const Json& r : records) {
    if (!r.is_object() || !r.value("account_id", Json()).is_number_unsigned()) continue;
    HdAccountRecord record;
    record.account_id = r["account_id"].get<std::uint32_t>();
    record.external_addresses = countField(r, "external");
    record.internal_addresses = countField(r, "internal");
    out.push_back(record);
  }
  std::sort(out.begin(), out.end(),
            [](const auto& a, const auto& b) { return a.account_id < b.account_id; });
  co_return out;
}

Task<void> HdAccountStore::save(const std::string& ticker,
                                const std::vector<HdAccountRecord>& accounts) {
  Json records = Json::array();
  for (const HdAccountRecord& a : accounts) {
    records.push_back(Json{{"account_id", a.account_id},
                           {"external", a.external_addresses},
                           {"internal", a.internal_addresses}});
  }
  std::vector<StorageWrite> writes;
  writes.push_back({key(ticker), records.dump()});
  co_await storage_.applyBatch(kNamespace, std::move(writes));
}

}  // namespace walletd

// Stored UTXO history entries as JSON: {raw, height, time, prevouts: [[value, script] | null]}.
#include "core/coins/utxo/history/utxo_history_store.h"

#include "core/encoding/hex.h"
#include "core/rpc/json.h"

namespace walletd {
namespace {

std::string encode(const StoredUtxoTx& tx) {
  Json prevouts = Json::array();
  for (const auto& p : tx.prevouts)
    prevouts.push_back(p ? Json::array({p->value, toHex(p->script_pubkey)}) : Json());
  return Json{{"raw", toHex(tx.raw)},
              {"height", tx.height},
              {"time", tx.timestamp},
              {"prevouts", std::move(prevouts)}}
      .dump();
}

std::optional<StoredUtxoTx> decode(const std::string& txid, const std::string& text) {
  const Json j = Json::parse(text, nullptr, false);
  if (!j.is_object() || !j.contains("raw") || !j["raw"].is_string() ||
      !j.value("height", Json()).is_number_unsigned() ||
      !j.value("time", Json()).is_number_unsigned() || !j.value("prevouts", Json()).is_array())
    return std::nullopt;
  const std::string raw = j["raw"].get<std::string>();
  if (raw.size() % 2 != 0 || !isHex(raw)) return std::nullopt;
  StoredUtxoTx tx;
  tx.txid = txid;
  tx.raw = fromHex(raw);
  tx.height = j["height"].get<std::uint64_t>();
  tx.timestamp = j["time"].get<std::uint64_t>();
  for (const Json& p : j["prevouts"]) {
    if (p.is_null()) {
      tx.prevouts.push_back(std::nullopt);
      continue;
    }
    if (!p.is_array() || p.size() != 2 || !p[0].is_number_unsigned() || !p[1].is_string() ||
        !isHex(p[1].get<std::string>()) || p[1].get<std::string>().size() % 2 != 0)
      return std::nullopt;
    tx.prevouts.push_back(SpentOutput{p[0].get<std::uint64_t>(), fromHex(p[1].get<std::string>())});
  }
  return tx;
}

}  // namespace

Task<std::map<std::string, StoredUtxoTx>> UtxoHistoryStore::load() {
  const StorageEntries entries = co_await storage_.scanPrefix(kNamespace, prefix_);
  std::map<std::string, StoredUtxoTx> out;
  for (const auto& [key, value] : entries) {
    const std::string txid = key.substr(prefix_.size());
    if (auto tx = decode(txid, value)) out.emplace(txid, std::move(*tx));
  }
  co_return out;
}

Task<void> UtxoHistoryStore::save(std::vector<StoredUtxoTx> changed,
                                  std::vector<std::string> removed) {
  std::vector<StorageWrite> writes;
  writes.reserve(changed.size() + removed.size());
  for (const StoredUtxoTx& tx : changed) writes.push_back({prefix_ + tx.txid, encode(tx)});
  for (const std::string& txid : removed) writes.push_back({prefix_ + txid, std::nullopt});
  if (writes.empty()) co_return;
  co_await storage_.applyBatch(kNamespace, std::move(writes));
}

}  // namespace walletd

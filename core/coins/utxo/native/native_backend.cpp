// Native mode's UtxoBackend.
#include "core/coins/utxo/native/native_backend.h"

#include "core/coins/utxo/coin_amount.h"
#include "core/encoding/hex.h"

namespace walletd {
namespace {

[[noreturn]] void odd(const std::string& what) {
  throw NativeRpcUnavailable("the coin daemon answered " + what + " in an unexpected form");
}

}  // namespace

NativeBackend::NativeBackend(HttpClient& http, DaemonRpcAccess access, unsigned decimals)
    : rpc_(http, std::move(access)), decimals_(decimals) {}

Task<std::uint64_t> NativeBackend::currentBlock() {
  const Json none = Json::array();
  const Json height = co_await rpc_.call("getblockcount", none);
  if (!height.is_number_unsigned()) odd("getblockcount");
  co_return height.get<std::uint64_t>();
}

Task<std::map<std::string, bool>> NativeBackend::walletAddresses() {
  const Json params = Json::array({0, true, true});  // minconf, include_empty, watch-only
  const Json list = co_await rpc_.call("listreceivedbyaddress", params);
  if (!list.is_array()) odd("listreceivedbyaddress");
  std::map<std::string, bool> out;
  for (const Json& entry : list) {
    if (!entry.is_object() || !entry.contains("address") || !entry["address"].is_string())
      odd("listreceivedbyaddress");
    const Json txids = entry.value("txids", Json::array());
    out[entry["address"].get<std::string>()] = txids.is_array() && !txids.empty();
  }
  co_return out;
}

Task<void> NativeBackend::watch(std::vector<WatchedAddress> addresses) {
  const std::map<std::string, bool> known = co_await walletAddresses();
  Json requests = Json::array();
  for (const WatchedAddress& a : addresses) {
    if (known.count(a.address)) continue;
    requests.push_back(
        Json{{"scriptPubKey", {{"address", a.address}}}, {"timestamp", 0}, {"watchonly", true}});
  }
  if (requests.empty()) co_return;
  // New to the daemon's wallet: imported with one rescan, so that coins they received count.
  const Json params = Json::array({requests, Json{{"rescan", true}}});
  const Json results = co_await rpc_.call("importmulti", params);
  if (!results.is_array()) odd("importmulti");
  for (const Json& r : results) {
    if (!r.is_object() || !r.value("success", false)) {
      const std::string why = r.is_object() && r.contains("error") ? r["error"].dump() : r.dump();
      throw NativeRpcUnavailable("the coin daemon did not import an address: " + why);
    }
  }
}

Task<std::vector<bool>> NativeBackend::used(std::vector<WatchedAddress> addresses) {
  co_await watch(addresses);
  const std::map<std::string, bool> known = co_await walletAddresses();
  std::vector<bool> out;
  for (const WatchedAddress& a : addresses) {
    auto it = known.find(a.address);
    out.push_back(it != known.end() && it->second);
  }
  co_return out;
}

Task<std::vector<std::vector<UnspentOutput>>> NativeBackend::unspent(
    std::vector<WatchedAddress> addresses) {
  std::vector<std::vector<UnspentOutput>> out(addresses.size());
  if (addresses.empty()) co_return out;
  Json which = Json::array();
  std::map<Bytes, std::size_t> by_script;
  for (std::size_t i = 0; i < addresses.size(); ++i) {
    which.push_back(addresses[i].address);
    by_script.emplace(addresses[i].script, i);
  }
  const Json params = Json::array({0, 9999999, which, true});
  const Json list = co_await rpc_.call("listunspent", params);
  if (!list.is_array()) odd("listunspent");
  for (const Json& u : list) {
    if (!u.is_object() || !u.contains("txid") || !u["txid"].is_string() || !u.contains("vout") ||
        !u["vout"].is_number_unsigned() || !u.contains("scriptPubKey") ||
        !u["scriptPubKey"].is_string())
      odd("listunspent");
    const auto value = unitsOfCoins(u.value("amount", Json()), decimals_);
    const std::string script = u["scriptPubKey"].get<std::string>();
    if (!value || script.size() % 2 != 0 || !isHex(script)) odd("listunspent");
    UnspentOutput o;
    try {
      o.outpoint =
          OutPoint::fromDisplay(u["txid"].get<std::string>(), u["vout"].get<std::uint32_t>());
    } catch (const UtxoDecodeError&) {
      odd("listunspent");
    }
    o.value = *value;
    o.script_pubkey = fromHex(script);
    o.confirmations = u.value("confirmations", std::uint64_t{0});
    auto owner = by_script.find(o.script_pubkey);
    if (owner == by_script.end()) continue;  // a script none of the addresses asked about
    out[owner->second].push_back(std::move(o));
  }
  co_return out;
}

Task<std::string> NativeBackend::broadcast(std::string tx_hex) {
  const Json params = Json::array({tx_hex});
  const Json txid = co_await rpc_.call("sendrawtransaction", params);
  if (!txid.is_string()) odd("sendrawtransaction");
  co_return txid.get<std::string>();
}

Task<std::optional<std::uint64_t>> NativeBackend::feeRate(std::uint32_t blocks,
                                                          std::optional<std::string> mode) {
  Json params = Json::array({blocks});
  if (mode) params.push_back(*mode);
  const Json estimate = co_await rpc_.call("estimatesmartfee", params);
  if (!estimate.is_object() || !estimate.contains("feerate")) co_return std::nullopt;  // no data
  co_return unitsOfCoins(estimate["feerate"], decimals_);
}

}  // namespace walletd

// Native mode's UtxoBackend.
#include "core/coins/utxo/native/native_backend.h"

#include "core/coins/utxo/coin_amount.h"
#include "core/coins/utxo/qtum/contract_call.h"
#include "core/encoding/hex.h"

#include <set>

namespace walletd {
namespace {

[[noreturn]] void odd(const std::string& what) {
  throw NativeRpcUnavailable("the coin daemon answered " + what + " in an unexpected form");
}

// A transaction id as the daemon writes it: 64 hex digits (a 65th would be a different id).
bool isTxid(const Json& value) {
  return value.is_string() && value.get_ref<const std::string&>().size() == 64 &&
         isHex(value.get_ref<const std::string&>());
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
  co_await importMissing(addresses, known);
}

Task<bool> NativeBackend::importMissing(const std::vector<WatchedAddress>& addresses,
                                        const std::map<std::string, bool>& known) {
  Json requests = Json::array();
  for (const WatchedAddress& a : addresses) {
    if (known.count(a.address)) continue;
    requests.push_back(
        Json{{"scriptPubKey", {{"address", a.address}}}, {"timestamp", 0}, {"watchonly", true}});
  }
  if (requests.empty()) co_return false;
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
  co_return true;
}

Task<std::vector<bool>> NativeBackend::used(std::vector<WatchedAddress> addresses) {
  std::map<std::string, bool> known = co_await walletAddresses();
  // Read again only when an import's rescan may have found something.
  const bool imported = co_await importMissing(addresses, known);
  if (imported) known = co_await walletAddresses();
  std::vector<bool> out;
  for (const WatchedAddress& a : addresses) {
    auto it = known.find(a.address);
    out.push_back(it != known.end() && it->second);
  }
  co_return out;
}

Task<std::vector<HistoryItem>> NativeBackend::history(std::vector<WatchedAddress> addresses) {
  co_await watch(addresses);
  const std::uint64_t tip = co_await currentBlock();
  const Json params = Json::array({"*", 1000000, 0, true});  // every entry, watch-only included
  const Json list = co_await rpc_.call("listtransactions", params);
  if (!list.is_array()) odd("listtransactions");
  std::vector<HistoryItem> out;
  std::set<std::string> seen;
  for (const Json& entry : list) {
    if (!entry.is_object() || !isTxid(entry.value("txid", Json()))) odd("listtransactions");
    const std::int64_t confirmations = entry.value("confirmations", std::int64_t{0});
    if (confirmations < 0) continue;  // conflicted: not in the chain nor the mempool
    const std::uint64_t height =
        confirmations > 0 && tip + 1 >= static_cast<std::uint64_t>(confirmations)
            ? tip + 1 - static_cast<std::uint64_t>(confirmations)
            : 0;
    if (seen.insert(entry["txid"].get<std::string>()).second)
      out.push_back({entry["txid"].get<std::string>(), height});
  }
  co_return out;
}

Task<std::vector<Bytes>> NativeBackend::transactions(std::vector<std::string> txids) {
  std::vector<Bytes> out;
  for (const std::string& txid : txids) {
    const Json params = Json::array({txid});
    const Json raw = co_await rpc_.call("getrawtransaction", params);
    if (!raw.is_string() || raw.get<std::string>().size() % 2 != 0 ||
        !isHex(raw.get<std::string>()))
      odd("getrawtransaction");
    out.push_back(fromHex(raw.get<std::string>()));
  }
  co_return out;
}

Task<std::vector<std::uint64_t>> NativeBackend::blockTimes(std::vector<std::uint64_t> heights) {
  std::vector<std::uint64_t> out;
  for (std::uint64_t height : heights) {
    const Json at = Json::array({height});
    const Json hash = co_await rpc_.call("getblockhash", at);
    if (!hash.is_string()) odd("getblockhash");
    const Json which = Json::array({hash});
    const Json header = co_await rpc_.call("getblockheader", which);
    if (!header.is_object() || !header.contains("time") || !header["time"].is_number_unsigned())
      odd("getblockheader");
    out.push_back(header["time"].get<std::uint64_t>());
  }
  co_return out;
}

Task<std::vector<std::vector<UnspentOutput>>> NativeBackend::unspent(
    std::vector<WatchedAddress> addresses) {
  std::vector<std::vector<UnspentOutput>> out(addresses.size());
  if (addresses.empty()) co_return out;
  Json which = Json::array();
  // Keyed by the script's bytes as a string (std::map<Bytes> trips GCC 12's -Wstringop-overread).
  std::map<std::string, std::size_t> by_script;
  for (std::size_t i = 0; i < addresses.size(); ++i) {
    which.push_back(addresses[i].address);
    by_script.emplace(std::string(addresses[i].script.begin(), addresses[i].script.end()), i);
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
    auto owner = by_script.find(std::string(o.script_pubkey.begin(), o.script_pubkey.end()));
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

// qtumd's callcontract [contract, data].
Task<Bytes> NativeBackend::callContract(ByteArray<20> contract, Bytes data) {
  const Json params = Json::array({toHex(contract), toHex(data)});
  const Json answer = co_await rpc_.call("callcontract", params);
  std::optional<Bytes> output = contractCallOutput(answer);
  if (!output) odd("callcontract");
  co_return std::move(*output);
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

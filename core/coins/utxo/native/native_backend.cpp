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

Task<void> NativeBackend::watch(std::string address, Bytes) {
  const Json which = Json::array({address});
  const Json info = co_await rpc_.call("getaddressinfo", which);
  const bool known =
      info.is_object() && (info.value("ismine", false) || info.value("iswatchonly", false));
  if (known) co_return;
  // New to the daemon's wallet: import and rescan, so that coins it already received count.
  const Json params = Json::array({address, "", true});
  co_await rpc_.call("importaddress", params);
}

Task<std::vector<UnspentOutput>> NativeBackend::unspent(std::string address, Bytes) {
  const Json params = Json::array({0, 9999999, Json::array({address}), true});
  const Json list = co_await rpc_.call("listunspent", params);
  if (!list.is_array()) odd("listunspent");
  std::vector<UnspentOutput> out;
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
    out.push_back(std::move(o));
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

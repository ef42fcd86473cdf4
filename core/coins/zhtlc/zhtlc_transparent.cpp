// ZHTLC's Electrum calls.
#include "core/coins/zhtlc/zhtlc_transparent.h"

#include <algorithm>
#include <set>

#include "core/crypto/hashes.h"
#include "core/encoding/hex.h"
#include "core/encoding/wire.h"

namespace walletd {
namespace {

[[noreturn]] void odd(const std::string& method) {
  throw ElectrumUnavailable("the Electrum server answered " + method + " in an unexpected form");
}

// "" when `raw` is the v4 Sapling transaction `txid`, else what it is instead.
std::string checkTransaction(const Json& raw, const ByteArray<32>& txid) {
  if (!raw.is_string() || raw.get<std::string>().size() % 2 != 0 || !isHex(raw.get<std::string>()))
    return "not a hex transaction";
  const Bytes bytes = fromHex(raw.get<std::string>());
  if (sha256d(bytes) != txid) return "another transaction than " + toReversedHex(txid);
  try {
    parseSaplingTransaction(bytes);
  } catch (const WireDecodeError& e) {
    return "transaction " + toReversedHex(txid) + " is not a Sapling transaction: " + e.what();
  }
  return "";
}

}  // namespace

ZhtlcTransparent::ZhtlcTransparent(StreamConnector& connector, Executor& executor,
                                   std::vector<StreamTarget> servers,
                                   std::uint64_t request_timeout_ms)
    : client_(connector, executor, std::move(servers), request_timeout_ms,
              [](const std::string&, const Json&) {}) {}

Task<std::uint64_t> ZhtlcTransparent::currentBlock() {
  const std::string method = "blockchain.headers.subscribe";
  const Json no_params = Json::array();
  const Json header = co_await client_.call(method, no_params);
  if (!header.is_object() || !header.contains("height") || !header["height"].is_number_unsigned())
    odd(method);
  co_return header["height"].get<std::uint64_t>();
}

Task<std::map<ByteArray<32>, SaplingTransaction>> ZhtlcTransparent::transactions(
    std::vector<ByteArray<32>> txids) {
  std::sort(txids.begin(), txids.end());
  txids.erase(std::unique(txids.begin(), txids.end()), txids.end());
  std::vector<Json> params;
  params.reserve(txids.size());
  for (const ByteArray<32>& txid : txids) params.push_back(Json::array({toReversedHex(txid)}));
  const ElectrumClient::Validator same = [&txids](std::size_t i, const Json& raw) {
    return checkTransaction(raw, txids[i]);
  };
  const std::string method = "blockchain.transaction.get";
  const std::vector<Json> raws = co_await client_.batch(method, params, same);
  std::map<ByteArray<32>, SaplingTransaction> out;
  for (std::size_t i = 0; i < raws.size(); ++i)
    out[txids[i]] = parseSaplingTransaction(fromHex(raws[i].get<std::string>()));
  co_return out;
}

Task<std::string> ZhtlcTransparent::broadcast(ByteView tx) {
  const std::string method = "blockchain.transaction.broadcast";
  const Json params = Json::array({toHex(tx)});
  const Json txid = co_await client_.call(method, params);
  if (!txid.is_string()) odd(method);
  const std::string text = txid.get<std::string>();
  // Protocol 1.0 servers deliver a refusal as the result ("258: txn-mempool-conflict").
  if (text.size() != 64 || !isHex(text)) throw ElectrumError(method, 0, text.substr(0, 300));
  co_return text;
}

}  // namespace walletd

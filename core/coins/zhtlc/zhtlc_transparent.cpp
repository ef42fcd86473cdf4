// ZHTLC's Electrum calls.
#include "core/coins/zhtlc/zhtlc_transparent.h"

#include <algorithm>

#include "core/crypto/hashes.h"
#include "core/encoding/hex.h"
#include "core/encoding/wire.h"

namespace walletd {
namespace {

// "" when `raw` is the v4 Sapling transaction `txid` (parsed into `parsed`), else what it is
// instead.
std::string checkTransaction(const Json& raw, const ByteArray<32>& txid,
                             SaplingTransaction& parsed) {
  if (!raw.is_string() || raw.get<std::string>().size() % 2 != 0 || !isHex(raw.get<std::string>()))
    return "not a hex transaction";
  const Bytes bytes = fromHex(raw.get<std::string>());
  if (sha256d(bytes) != txid) return "another transaction than " + toReversedHex(txid);
  try {
    parsed = parseSaplingTransaction(bytes);
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
  co_return co_await client_.tipHeight();
}

Task<std::map<ByteArray<32>, SaplingTransaction>> ZhtlcTransparent::transactions(
    std::vector<ByteArray<32>> txids) {
  std::sort(txids.begin(), txids.end());
  txids.erase(std::unique(txids.begin(), txids.end()), txids.end());
  std::vector<Json> params;
  params.reserve(txids.size());
  for (const ByteArray<32>& txid : txids) params.push_back(Json::array({toReversedHex(txid)}));
  // The check parses each answer once; the batch succeeds only when every answer passed it.
  std::map<ByteArray<32>, SaplingTransaction> out;
  const ElectrumClient::Validator same = [&txids, &out](std::size_t i, const Json& raw) {
    return checkTransaction(raw, txids[i], out[txids[i]]);
  };
  const std::string method = "blockchain.transaction.get";
  co_await client_.batch(method, params, same);
  co_return out;
}

Task<std::string> ZhtlcTransparent::broadcast(ByteView tx) {
  std::string tx_hex = toHex(tx);  // named: no temporary in the co_await (GCC 12)
  co_return co_await client_.broadcast(std::move(tx_hex));
}

}  // namespace walletd

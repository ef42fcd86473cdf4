// Electrum mode's UtxoBackend.
#include "core/coins/utxo/electrum/electrum_backend.h"

#include <algorithm>

#include "core/coins/utxo/coin_amount.h"
#include "core/coins/utxo/qtum/contract_call.h"
#include "core/crypto/hashes.h"
#include "core/encoding/hex.h"

namespace walletd {

ElectrumBackend::ElectrumBackend(StreamConnector& connector, Executor& executor,
                                 std::vector<StreamTarget> servers,
                                 std::uint64_t request_timeout_ms, unsigned decimals,
                                 std::shared_ptr<const UtxoChain> chain)
    : client_(connector, executor, std::move(servers), request_timeout_ms,
              [this](const std::string& method, const Json& params) {
                if (method == "blockchain.headers.subscribe" && params.is_array() &&
                    !params.empty() && params[0].is_object() && params[0].contains("height") &&
                    params[0]["height"].is_number_unsigned())
                  tip_ = params[0]["height"].get<std::uint64_t>();
                if (method == "blockchain.scripthash.subscribe" && params.is_array() &&
                    !params.empty() && params[0].is_string() && changed_)
                  changed_(params[0].get<std::string>());
              }),
      decimals_(decimals),
      chain_(std::move(chain)) {
  client_.onConnected([this] { return resubscribe(); });
}

std::string ElectrumBackend::scriptHash(ByteView script) {
  return toReversedHex(sha256Bytes(script));
}

// One parameter list [script hash] per address.
static std::vector<Json> scriptHashParams(const std::vector<WatchedAddress>& addresses) {
  std::vector<Json> out;
  out.reserve(addresses.size());
  for (const WatchedAddress& a : addresses)
    out.push_back(Json::array({ElectrumBackend::scriptHash(a.script)}));
  return out;
}

Task<void> ElectrumBackend::resubscribe() {
  std::vector<Json> params;
  for (const std::string& hash : watched_) params.push_back(Json::array({hash}));
  co_await client_.batch("blockchain.scripthash.subscribe", std::move(params));
}

Task<std::uint64_t> ElectrumBackend::currentBlock() {
  tip_ = co_await client_.tipHeight();
  co_return tip_;
}

Task<void> ElectrumBackend::watch(std::vector<WatchedAddress> addresses) {
  std::vector<Json> params;
  for (const WatchedAddress& a : addresses) {
    const std::string hash = scriptHash(a.script);
    if (watched_.insert(hash).second) params.push_back(Json::array({hash}));
  }
  co_await client_.batch("blockchain.scripthash.subscribe", std::move(params));
}

Task<std::vector<bool>> ElectrumBackend::used(std::vector<WatchedAddress> addresses) {
  const std::vector<Json> histories =
      co_await client_.batch("blockchain.scripthash.get_history", scriptHashParams(addresses));
  std::vector<bool> out;
  for (const Json& history : histories) {
    if (!history.is_array()) throwUnexpectedAnswer("blockchain.scripthash.get_history");
    out.push_back(!history.empty());
  }
  co_return out;
}

Task<std::vector<HistoryItem>> ElectrumBackend::history(std::vector<WatchedAddress> addresses) {
  const std::vector<Json> histories =
      co_await client_.batch("blockchain.scripthash.get_history", scriptHashParams(addresses));
  std::vector<HistoryItem> out;
  std::set<std::string> seen;
  for (const Json& history : histories) {
    if (!history.is_array()) throwUnexpectedAnswer("blockchain.scripthash.get_history");
    for (const Json& item : history) {
      if (!item.is_object() || !item.contains("tx_hash") || !item["tx_hash"].is_string() ||
          !item.contains("height") || !item["height"].is_number_integer())
        throwUnexpectedAnswer("blockchain.scripthash.get_history");
      const std::string txid = item["tx_hash"].get<std::string>();
      if (txid.size() != 64 || !isHex(txid))
        throwUnexpectedAnswer("blockchain.scripthash.get_history");
      const std::int64_t height = item["height"].get<std::int64_t>();  // 0 / -1: mempool
      if (seen.insert(txid).second)
        out.push_back({txid, height > 0 ? static_cast<std::uint64_t>(height) : 0});
    }
  }
  co_return out;
}

Task<std::vector<Bytes>> ElectrumBackend::transactions(std::vector<std::string> txids) {
  std::vector<Json> params;
  params.reserve(txids.size());
  for (const std::string& txid : txids) params.push_back(Json::array({txid}));
  // The bytes must hash to the txid asked for: a server answering another transaction lies.
  ElectrumClient::Validator same = [this, &txids](std::size_t i, const Json& raw) -> std::string {
    if (!raw.is_string() || raw.get<std::string>().size() % 2 != 0 ||
        !isHex(raw.get<std::string>()))
      return "not a hex transaction";
    try {
      if (chain_->txid(chain_->parse(fromHex(raw.get<std::string>()))) != txids[i])
        return "another transaction than " + txids[i];
    } catch (const UtxoDecodeError&) {
      return "bytes that are not a transaction";
    }
    return "";
  };
  const std::vector<Json> raws = co_await client_.batch("blockchain.transaction.get", params, same);
  std::vector<Bytes> out;
  out.reserve(raws.size());
  for (const Json& raw : raws) out.push_back(fromHex(raw.get<std::string>()));
  co_return out;
}

namespace {

ByteArray<32> headerHash(ByteView header) {
  return sha256Bytes(sha256Bytes(header));
}

}  // namespace

Task<std::vector<std::uint64_t>> ElectrumBackend::blockTimes(std::vector<std::uint64_t> heights) {
  // Each header with the one before it (blockchain.block.headers, 2 from height − 1): the second
  // must name the first's hash as its parent — a header that does not connect is a lie. Sizes and
  // the time's place are the chain's (UtxoHeaderLayout).
  const UtxoHeaderLayout layout = chain_->headerLayout();
  std::vector<Json> params;
  params.reserve(heights.size());
  for (std::uint64_t height : heights)
    params.push_back(Json::array({height > 0 ? height - 1 : 0, height > 0 ? 2 : 1}));
  const UtxoChain& chain = *chain_;
  ElectrumClient::Validator connects = [&heights, &chain](std::size_t i,
                                                          const Json& answer) -> std::string {
    const std::size_t count = heights[i] > 0 ? 2 : 1;
    std::string not_headers = "not " + std::to_string(count) + " headers";
    if (!answer.is_object() || !answer.contains("hex") || !answer["hex"].is_string() ||
        !isHex(answer["hex"].get<std::string>()))
      return not_headers;
    const Bytes bytes = fromHex(answer["hex"].get<std::string>());
    const std::size_t first = chain.headerSize(bytes);
    const std::size_t second = first == 0 ? 0 : chain.headerSize(ByteView(bytes).subspan(first));
    if (first == 0 || (count == 1 ? first : first + second) != bytes.size() ||
        (count == 2 && second == 0))
      return not_headers;
    if (count == 1) return "";
    const ByteArray<32> parent = headerHash(ByteView(bytes.data(), first));
    if (!std::equal(parent.begin(), parent.end(), bytes.begin() + first + 4))
      return "the header at " + std::to_string(heights[i]) + " does not connect to its parent";
    return "";
  };
  const std::vector<Json> answers =
      co_await client_.batch("blockchain.block.headers", params, connects);
  std::vector<std::uint64_t> out;
  for (std::size_t i = 0; i < answers.size(); ++i) {
    const Bytes bytes = fromHex(answers[i]["hex"].get<std::string>());
    const std::size_t at = (heights[i] > 0 ? chain.headerSize(bytes) : 0) + layout.time_offset;
    out.push_back(std::uint64_t{bytes[at]} | std::uint64_t{bytes[at + 1]} << 8 |
                  std::uint64_t{bytes[at + 2]} << 16 | std::uint64_t{bytes[at + 3]} << 24);
  }
  co_return out;
}

Task<std::vector<std::vector<UnspentOutput>>> ElectrumBackend::unspent(
    std::vector<WatchedAddress> addresses) {
  const std::vector<Json> lists =
      co_await client_.batch("blockchain.scripthash.listunspent", scriptHashParams(addresses));
  std::vector<std::vector<UnspentOutput>> out;
  for (std::size_t i = 0; i < lists.size(); ++i) {
    const Json& list = lists[i];
    if (!list.is_array()) throwUnexpectedAnswer("blockchain.scripthash.listunspent");
    std::vector<UnspentOutput>& outputs = out.emplace_back();
    for (const Json& u : list) {
      if (!u.is_object() || !u.contains("tx_hash") || !u["tx_hash"].is_string() ||
          !u.contains("tx_pos") || !u["tx_pos"].is_number_unsigned() || !u.contains("value") ||
          !u["value"].is_number_unsigned())
        throwUnexpectedAnswer("blockchain.scripthash.listunspent");
      UnspentOutput o;
      try {
        o.outpoint = OutPoint::fromDisplay(u["tx_hash"].get<std::string>(),
                                           u["tx_pos"].get<std::uint32_t>());
      } catch (const UtxoDecodeError&) {
        throwUnexpectedAnswer("blockchain.scripthash.listunspent");
      }
      o.value = u["value"].get<std::uint64_t>();
      o.script_pubkey = addresses[i].script;
      const std::int64_t height = u.value("height", std::int64_t{0});
      o.confirmations =
          height > 0 && tip_ >= static_cast<std::uint64_t>(height) ? tip_ - height + 1 : 0;
      outputs.push_back(std::move(o));
    }
  }
  co_return out;
}

Task<std::string> ElectrumBackend::broadcast(std::string tx_hex) {
  co_return co_await client_.broadcast(std::move(tx_hex));
}

// QTUM ElectrumX's blockchain.contract.call [contract, data, sender ""], as KDF calls it.
Task<Bytes> ElectrumBackend::callContract(ByteArray<20> contract, Bytes data) {
  const Json params = Json::array({toHex(contract), toHex(data), ""});
  const Json answer = co_await client_.call("blockchain.contract.call", params);
  std::optional<Bytes> output = contractCallOutput(answer);
  if (!output) throwUnexpectedAnswer("blockchain.contract.call");
  co_return std::move(*output);
}

// [address hash, contract, topic] as KDF sends them: 40, 40 and 64 hex, no 0x.
Task<std::vector<ContractEvent>> ElectrumBackend::contractEvents(ByteArray<20> address,
                                                                 ByteArray<20> contract,
                                                                 std::string topic) {
  const Json params = Json::array({toHex(address), toHex(contract), topic});
  const Json answer = co_await client_.call("blockchain.contract.event.get_history", params);
  std::optional<std::vector<ContractEvent>> events = contractEventsOf(answer);
  if (!events) throwUnexpectedAnswer("blockchain.contract.event.get_history");
  co_return std::move(*events);
}

// The method's name is misspelt on QTUM's servers, and KDF calls it so.
Task<std::vector<ContractLog>> ElectrumBackend::receiptLogs(std::string txid) {
  const Json params = Json::array({txid});
  const Json answer = co_await client_.call("blochchain.transaction.get_receipt", params);
  std::optional<std::vector<ContractLog>> logs = receiptLogsOf(answer);
  if (!logs) throwUnexpectedAnswer("blochchain.transaction.get_receipt");
  co_return std::move(*logs);
}

Task<std::optional<std::uint64_t>> ElectrumBackend::feeRate(std::uint32_t blocks,
                                                            std::optional<std::string> mode) {
  Json params = Json::array({blocks});
  if (mode) params.push_back(*mode);
  const Json estimate = co_await client_.call("blockchain.estimatefee", params);
  // KDF: an estimate of 0.00001 coin/kB or less (-1: none) is no estimate.
  if (!estimate.is_number() || estimate.get<double>() <= 0.00001) co_return std::nullopt;
  co_return unitsOfCoins(estimate, decimals_);
}

}  // namespace walletd

// CometBFT JSON-RPC for Tendermint coins (tendermint_rpc_client.h).
#include "core/coins/tendermint/tendermint_rpc_client.h"

#include <cctype>

#include "core/coins/tendermint/tendermint_history.h"
#include "core/encoding/base64.h"
#include "core/encoding/encoding_error.h"
#include "core/encoding/hex.h"

namespace walletd {
namespace {

constexpr std::uint64_t kTimeoutMs = 15000;
// The SDK's "not found" answers to an account query (codespace sdk, code 22 NotFound; older
// nodes wrap the gRPC status in code 1 or 6 with "not found" in the log).
constexpr std::int64_t kSdkNotFound = 22;

// A height or gas figure CometBFT writes as a string (numbers accepted).
std::uint64_t number(const Json& value, const char* what) {
  if (value.is_number_unsigned()) return value.get<std::uint64_t>();
  if (value.is_string()) {
    const std::string text = value.get<std::string>();
    if (!text.empty() && text.size() <= 19 &&
        text.find_first_not_of("0123456789") == std::string::npos)
      return std::stoull(text);
  }
  throw TendermintNodeMisbehaved(std::string("`") + what + "` is not a number");
}

std::int64_t code(const Json& result) {
  const auto found = result.find("code");
  if (found == result.end() || found->is_null()) return 0;
  if (!found->is_number_integer()) throw TendermintNodeMisbehaved("`code` is not an integer");
  return found->get<std::int64_t>();
}

std::string stringOr(const Json& object, const char* key) {
  const auto found = object.find(key);
  return found != object.end() && found->is_string() ? found->get<std::string>() : "";
}

// The CheckTx or DeliverTx outcome of broadcast_tx_commit, when it refused.
void throwIfRefused(const Json& outcome, const char* stage) {
  if (!outcome.is_object() || code(outcome) == 0) return;
  const std::int64_t c = code(outcome);
  const std::string log = stringOr(outcome, "log");
  throw CosmosNodeRefusal(std::string("Tx ") + stage + " failed: code " + std::to_string(c) + " (" +
                              stringOr(outcome, "codespace") + "): " + log,
                          c, stringOr(outcome, "codespace"), log);
}

// broadcast_tx_commit's answer: CheckTx, then DeliverTx (`tx_result`, 0.34's `deliver_tx`).
TendermintBroadcast broadcastOutcome(const Json& result) {
  if (!result.is_object() || !result.contains("check_tx"))
    throw TendermintNodeMisbehaved("broadcast_tx_commit without `check_tx`");
  throwIfRefused(result["check_tx"], "check");
  const Json& delivered =
      result.contains("tx_result") ? result["tx_result"] : result.value("deliver_tx", Json());
  throwIfRefused(delivered, "deliver");
  TendermintBroadcast out;
  out.hash = stringOr(result, "hash");
  for (char& c : out.hash) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  out.height = number(result.value("height", Json("0")), "height");
  return out;
}

// The `block` answer's block.header.time in Unix seconds.
std::uint64_t headerTime(const Json& result) {
  const Json* at = &result;
  for (const char* key : {"block", "header", "time"}) {
    if (!at->is_object() || !at->contains(key)) at = nullptr;
    if (at == nullptr) break;
    at = &(*at)[key];
  }
  const auto seconds =
      at && at->is_string() ? rfc3339Seconds(at->get<std::string>()) : std::nullopt;
  if (!seconds) throw TendermintNodeMisbehaved("block without an RFC 3339 header.time");
  return *seconds;
}

}  // namespace

TendermintRpcClient::TendermintRpcClient(HttpClient& http, std::vector<CoinNode> nodes,
                                         const Clock* clock,
                                         std::shared_ptr<const Ed25519Key> proxy_key)
    : rpc_(http, std::move(nodes), kTimeoutMs, clock, std::move(proxy_key)) {}

Task<Json> TendermintRpcClient::call(std::string method, Json params) {
  std::optional<JsonRpcError> refused;  // thrown after the handler (see tendermint_signing.cpp)
  Json result;
  try {
    result = co_await rpc_.call(std::move(method), std::move(params));
  } catch (const JsonRpcError& e) {
    refused = e;
  }
  if (refused) {
    const Json& data = refused->data;
    if (!data.is_string() || data.get<std::string>().empty()) throw *refused;
    const std::string detail = data.get<std::string>().substr(0, 500);
    throw TransportFailure(refused->summary + ": " + detail, detail);
  }
  co_return result;
}

Task<std::uint64_t> TendermintRpcClient::latestHeight() {
  const Json result = co_await call("abci_info", Json::object());
  if (!result.contains("response") || !result["response"].is_object())
    throw TendermintNodeMisbehaved("abci_info without `response`");
  const Json& response = result["response"];
  co_return number(response.value("last_block_height", Json("0")), "last_block_height");
}

Task<TendermintRpcClient::AbciAnswer> TendermintRpcClient::query(std::string path, Bytes data) {
  Json params{{"path", path}, {"data", toHex(data)}, {"prove", false}};
  const Json result = co_await call("abci_query", std::move(params));
  if (!result.contains("response") || !result["response"].is_object())
    throw TendermintNodeMisbehaved("abci_query without `response`");
  const Json& response = result["response"];
  AbciAnswer out;
  out.code = code(response);
  out.codespace = stringOr(response, "codespace");
  out.log = stringOr(response, "log");
  try {
    out.value = base64Decode(stringOr(response, "value"));
  } catch (const EncodingError&) {
    throw TendermintNodeMisbehaved("abci_query `value` is not base64");
  }
  co_return out;
}

Task<std::optional<Bytes>> TendermintRpcClient::ask(std::string path, Bytes data) {
  const AbciAnswer answer = co_await query(path, std::move(data));
  if (answer.code == kSdkNotFound ||
      (answer.code != 0 && answer.log.find("not found") != std::string::npos))
    co_return std::nullopt;
  if (answer.code != 0) {
    throw CosmosNodeRefusal("The node refused " + path + ": " + answer.log, answer.code,
                            answer.codespace, answer.log);
  }
  co_return answer.value;
}

Task<std::optional<CosmosAccount>> TendermintRpcClient::account(std::string address) {
  const std::optional<Bytes> value =
      co_await ask(cosmos_query::kAccount, cosmos_query::accountRequest(address));
  if (!value) co_return std::nullopt;
  try {
    co_return cosmos_query::decodeAccount(*value);
  } catch (const CosmosDecodeError& e) {
    throw TendermintNodeMisbehaved(e.what());
  }
}

Task<UInt256> TendermintRpcClient::balance(std::string address, std::string denom) {
  const AbciAnswer answer =
      co_await query(cosmos_query::kBalance, cosmos_query::balanceRequest(address, denom));
  if (answer.code != 0)
    throw CosmosNodeRefusal("The node refused the balance query", answer.code, answer.codespace,
                            answer.log);
  std::optional<UInt256> units;
  try {
    units = UInt256::fromDecimal(cosmos_query::decodeBalance(answer.value), 0);
  } catch (const CosmosDecodeError& e) {
    throw TendermintNodeMisbehaved(e.what());
  }
  if (!units) throw TendermintNodeMisbehaved("the balance is not an integer");
  co_return *units;
}

Task<std::uint64_t> TendermintRpcClient::simulateGas(Bytes tx) {
  const AbciAnswer answer =
      co_await query(cosmos_query::kSimulate, cosmos_query::simulateRequest(tx));
  if (answer.code != 0) {
    throw CosmosNodeRefusal("Could not read gas_info. Error code: " + std::to_string(answer.code) +
                                " Message: " + answer.log,
                            answer.code, answer.codespace, answer.log);
  }
  try {
    co_return cosmos_query::decodeGasUsed(answer.value);
  } catch (const CosmosDecodeError& e) {
    throw TendermintNodeMisbehaved(e.what());
  }
}

Task<std::optional<std::uint64_t>> TendermintRpcClient::channelState(std::string channel) {
  const std::optional<Bytes> value =
      co_await ask(cosmos_query::kChannel, cosmos_query::channelRequest("transfer", channel));
  if (!value) co_return std::nullopt;
  try {
    co_return cosmos_query::decodeChannelState(*value);
  } catch (const CosmosDecodeError& e) {
    throw TendermintNodeMisbehaved(e.what());
  }
}

Task<TendermintBroadcast> TendermintRpcClient::broadcastCommit(Bytes tx) {
  Json params = Json::object();
  params["tx"] = base64Encode(tx);
  const Json result = co_await call("broadcast_tx_commit", std::move(params));
  co_return broadcastOutcome(result);
}

Task<Json> TendermintRpcClient::txSearch(std::string query, std::uint32_t page,
                                         std::uint32_t per_page) {
  Json params = Json::object();
  params["query"] = std::move(query);
  params["prove"] = false;
  params["page"] = std::to_string(page);
  params["per_page"] = std::to_string(per_page);
  params["order_by"] = "asc";
  const Json result = co_await call("tx_search", std::move(params));
  if (!result.is_object() || !result.contains("txs") || !result["txs"].is_array())
    throw TendermintNodeMisbehaved("tx_search without `txs`");
  co_return result;
}

Task<std::uint64_t> TendermintRpcClient::blockTime(std::uint64_t height) {
  Json params = Json::object();
  params["height"] = std::to_string(height);
  const Json result = co_await call("block", std::move(params));
  co_return headerTime(result);
}

std::optional<std::uint64_t> expectedSequence(const std::string& log) {
  const std::string marker = "expected ";
  const std::size_t at = log.find(marker);
  if (at == std::string::npos) return std::nullopt;
  const std::size_t start = at + marker.size();
  std::size_t end = start;
  while (end < log.size() && end - start < 19 && std::isdigit(static_cast<unsigned char>(log[end])))
    ++end;
  if (end == start) return std::nullopt;
  return std::stoull(log.substr(start, end - start));
}

}  // namespace walletd

// TRON node HTTP API client.
#include "core/coins/tron/tron_node_client.h"

#include <algorithm>

#include "core/encoding/hex.h"
#include "core/encoding/token_abi.h"
#include "core/encoding/tron_address.h"

namespace walletd {
namespace {

// A non-negative integer field of a node answer; absent is 0 (proto3 JSON omits zeros).
std::uint64_t count(const Json& object, const char* key, const char* what) {
  if (!object.is_object() || !object.contains(key)) return 0;
  const Json& value = object[key];
  if (value.is_number_unsigned()) return value.get<std::uint64_t>();
  if (value.is_number_integer() && value.get<std::int64_t>() >= 0)
    return static_cast<std::uint64_t>(value.get<std::int64_t>());
  throw TronNodeMisbehaved(std::string(what) + ": `" + key + "` is not a non-negative integer");
}

// java-tron writes messages as hex of their UTF-8 bytes when visible=false; plain text otherwise.
std::string decodeMessage(const Json& value) {
  if (!value.is_string()) return "";
  const std::string text = value.get<std::string>();
  try {
    const Bytes bytes = fromHex(text);
    std::string decoded(bytes.begin(), bytes.end());
    const bool printable = std::all_of(decoded.begin(), decoded.end(), [](unsigned char c) {
      return c == '\n' || c == '\t' || (c >= 0x20 && c < 0x7f) || c >= 0x80;
    });
    if (printable && !decoded.empty()) return decoded.substr(0, 300);
  } catch (const std::exception&) {
  }
  return text.substr(0, 300);
}

// java-tron's servlets answer a request they could not take (an address that is not hex, a body
// that does not parse) with HTTP 200 and {"Error": "<exception class> : <message>"}: that is no
// account, and no zero resources either.
void refuseErrorBody(const Json& answer, const char* call) {
  if (!answer.contains("Error")) return;
  const Json& error = answer["Error"];
  const std::string text = error.is_string() ? error.get<std::string>() : error.dump();
  throw TronNodeMisbehaved(std::string(call) + ": the node answered Error: " + text.substr(0, 300));
}

// The string member `key` of `object`; "" when it is absent or not a string.
std::string textOf(const Json& object, const char* key) {
  if (!object.is_object() || !object.contains(key) || !object[key].is_string()) return "";
  return object[key].get<std::string>();
}

// A word of ABI data at `at` as a size; nullopt past the end or beyond `limit`.
std::optional<std::size_t> abiSize(const Bytes& data, std::size_t at, std::size_t limit) {
  if (at + 32 > data.size()) return std::nullopt;
  const auto value = UInt256::fromBigEndian(ByteView(data).subspan(at, 32))->toUint64();
  if (!value || *value > limit) return std::nullopt;
  return static_cast<std::size_t>(*value);
}

// The text of an Error(string) revert (selector 08c379a0, then the ABI-encoded string); "" when
// `hex` is not one.
std::string revertReason(const std::string& hex) {
  Bytes data;
  try {
    data = fromHex(hex);
  } catch (const std::exception&) {
    return "";
  }
  if (data.size() < 68 || toHex(ByteView(data).first(4)) != "08c379a0") return "";
  data.erase(data.begin(), data.begin() + 4);
  const auto offset = abiSize(data, 0, data.size());
  const auto length = offset ? abiSize(data, *offset, data.size()) : std::nullopt;
  if (!length || *offset + 32 + *length > data.size()) return "";
  const std::string text(reinterpret_cast<const char*>(data.data()) + *offset + 32, *length);
  return text.substr(0, 300);
}

// A constant call that reverted or failed in the VM: java-tron still answers result.result = true
// and marks the failure at transaction.ret[0].ret = "FAILED", result.message saying what ("REVERT
// opcode executed" or the VM's runtime error) and constant_result[0] holding the contract's
// Error(string) reason, if it gave one (java-tron's triggerconstantcontract documentation).
// Answers the failure's text, or nullopt when the call ran.
std::optional<std::string> vmFailure(const Json& answer) {
  const Json& tx = answer.contains("transaction") ? answer["transaction"] : Json();
  const Json& ret = tx.is_object() && tx.contains("ret") ? tx["ret"] : Json();
  if (!ret.is_array() || ret.empty() || textOf(ret[0], "ret") != "FAILED") return std::nullopt;
  const Json& result = answer.contains("result") ? answer["result"] : Json();
  std::string text = decodeMessage(result.is_object() ? result.value("message", Json()) : Json());
  if (text.empty()) text = "FAILED";
  const Json& words = answer.contains("constant_result") ? answer["constant_result"] : Json();
  if (words.is_array() && !words.empty() && words[0].is_string()) {
    const std::string reason = revertReason(words[0].get<std::string>());
    if (!reason.empty()) text += ": " + reason;
  }
  return text;
}

}  // namespace

TronNodeClient::TronNodeClient(HttpClient& http, std::vector<CoinNode> nodes,
                               std::uint64_t timeout_ms, const Clock* clock,
                               std::shared_ptr<const Ed25519Key> proxy_key)
    : failover_(http, std::move(nodes), timeout_ms, clock, std::move(proxy_key)) {}

Task<Json> TronNodeClient::post(std::string path, Json body) {
  if (failover_.nodes().empty()) throw TronNodesUnavailable("no nodes are configured");
  Json parsed;  // the judged answer, parsed once
  NodeFailover::Judge judge =
      [&parsed](const HttpResponse& response) -> std::optional<std::string> {
    // java-tron answers its API's errors with 200 and a JSON body; a 4xx means the path or the
    // node is wrong.
    if (response.status >= 400) return "HTTP " + std::to_string(response.status);
    parsed = Json::parse(response.body, nullptr, false);
    if (parsed.is_discarded() || !parsed.is_object()) {
      return "HTTP " + std::to_string(response.status) +
             " with a body that is not a JSON object (is it a TRON node?)";
    }
    return std::nullopt;
  };
  NodeFailover::Outcome outcome = co_await failover_.post(path, body.dump(), std::move(judge));
  if (outcome.answer) co_return parsed;
  const std::string message = "no TRON node answered " + path + ": " + outcome.failures;
  // Every node answered, but not as a TRON node: the wrong kind of node, not a transport failure.
  if (!outcome.any_unreachable) throw TronNodeMisbehaved(message);
  throw TronNodesUnavailable(message);
}

Task<TronBlockRef> TronNodeClient::nowBlock() {
  const Json block = co_await post("/wallet/getnowblock", Json::object());
  refuseErrorBody(block, "getnowblock");
  TronBlockRef ref;
  const Json* raw = nullptr;
  if (block.contains("block_header") && block["block_header"].is_object() &&
      block["block_header"].contains("raw_data")) {
    raw = &block["block_header"]["raw_data"];
  }
  if (!block.contains("blockID") || !block["blockID"].is_string() || raw == nullptr) {
    throw TronNodeMisbehaved(
        "getnowblock answered no blockID and block_header (is it a TRON node?)");
  }
  Bytes id;
  try {
    id = fromHex(block["blockID"].get<std::string>());
  } catch (const std::exception&) {
  }
  if (id.size() != 32) throw TronNodeMisbehaved("getnowblock: blockID is not 32 bytes of hex");
  std::copy(id.begin(), id.end(), ref.id.begin());
  ref.number = count(*raw, "number", "getnowblock");
  ref.timestamp_ms = count(*raw, "timestamp", "getnowblock");
  co_return ref;
}

Task<std::optional<TronAccountState>> TronNodeClient::account(EthAddress address) {
  Json body = {{"address", tronHex(address)}, {"visible", false}};
  const Json answer = co_await post("/wallet/getaccount", std::move(body));
  refuseErrorBody(answer, "getaccount");
  if (answer.empty()) co_return std::nullopt;
  TronAccountState state;
  state.balance_sun = count(answer, "balance", "getaccount");
  co_return state;
}

Task<TronResources> TronNodeClient::resources(EthAddress address) {
  Json body = {{"address", tronHex(address)}, {"visible", false}};
  const Json r = co_await post("/wallet/getaccountresource", std::move(body));
  refuseErrorBody(r, "getaccountresource");
  TronResources out;
  out.free_net_used = count(r, "freeNetUsed", "getaccountresource");
  out.free_net_limit = count(r, "freeNetLimit", "getaccountresource");
  out.net_used = count(r, "NetUsed", "getaccountresource");
  out.net_limit = count(r, "NetLimit", "getaccountresource");
  out.energy_used = count(r, "EnergyUsed", "getaccountresource");
  out.energy_limit = count(r, "EnergyLimit", "getaccountresource");
  co_return out;
}

Task<TronChainParameters> TronNodeClient::chainParameters() {
  const Json answer = co_await post("/wallet/getchainparameters", Json::object());
  refuseErrorBody(answer, "getchainparameters");
  if (!answer.contains("chainParameter") || !answer["chainParameter"].is_array())
    throw TronNodeMisbehaved("getchainparameters answered no chainParameter list");
  // Only the keys the fee rules use are read: mainnet lists dozens of others, some negative
  // (getRemoveThePowerOfTheGr is -1 once the proposal has run) and some without a value (zero).
  TronChainParameters p;
  const std::pair<const char*, std::uint64_t*> used[] = {
      {"getTransactionFee", &p.transaction_fee},
      {"getEnergyFee", &p.energy_fee},
      {"getCreateAccountFee", &p.create_account_fee},
      {"getCreateNewAccountFeeInSystemContract", &p.create_new_account_fee},
      {"getCreateNewAccountBandwidthRate", &p.create_account_bandwidth_rate},
      {"getMaxFeeLimit", &p.max_fee_limit},
  };
  for (const Json& entry : answer["chainParameter"]) {
    if (!entry.is_object() || !entry.contains("key") || !entry["key"].is_string()) continue;
    const std::string key = entry["key"].get<std::string>();
    for (const auto& [name, field] : used) {
      if (key == name) *field = count(entry, "value", "getchainparameters");
    }
  }
  co_return p;
}

Task<TronConstantCall> TronNodeClient::triggerConstant(EthAddress owner, EthAddress contract,
                                                       std::string function_selector,
                                                       Bytes parameter) {
  Json body = {{"owner_address", tronHex(owner)},
               {"contract_address", tronHex(contract)},
               {"function_selector", function_selector},
               {"parameter", toHex(parameter)},
               {"visible", false}};
  const Json answer = co_await post("/wallet/triggerconstantcontract", std::move(body));
  const Json result = answer.value("result", Json::object());
  if (!result.is_object() || !result.value("result", false)) {
    std::string message =
        decodeMessage(result.is_object() ? result.value("message", Json()) : Json());
    if (message.empty() && result.is_object())
      message = result.value("code", std::string("failed"));
    throw TronCallFailed(function_selector + ": " + (message.empty() ? "failed" : message));
  }
  if (const auto failure = vmFailure(answer))
    throw TronCallFailed(function_selector + ": " + *failure);
  TronConstantCall call;
  call.energy_used = count(answer, "energy_used", "triggerconstantcontract");
  if (answer.contains("constant_result") && answer["constant_result"].is_array() &&
      !answer["constant_result"].empty() && answer["constant_result"][0].is_string()) {
    const std::string word = answer["constant_result"][0].get<std::string>();
    call.result = decodeUint256Result("0x" + word);
  }
  co_return call;
}

Task<std::string> TronNodeClient::broadcastHex(Bytes transaction) {
  Json body = {{"transaction", toHex(transaction)}};
  const Json answer = co_await post("/wallet/broadcasthex", std::move(body));
  if (answer.value("result", false) == true) {
    co_return answer.value("txid", std::string());
  }
  const std::string code = answer.value("code", std::string("OTHER_ERROR"));
  // java-tron's servlets answer {"Error": "..."} when the request itself failed.
  std::string message = decodeMessage(answer.value("message", Json()));
  if (message.empty()) message = decodeMessage(answer.value("Error", Json()));
  throw TronBroadcastRefused(code.substr(0, 60), message);
}

}  // namespace walletd

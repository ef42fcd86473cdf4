// QTUM's OP_CALL outputs.
#include "core/coins/utxo/qtum/contract_call.h"

#include <algorithm>
#include <cctype>
#include <stdexcept>

#include "core/coins/utxo/tx/utxo_script.h"
#include "core/encoding/hex.h"

namespace walletd {
namespace {

constexpr std::uint8_t kOp4 = 0x54;     // QTUM's EVM version 4
constexpr std::uint8_t kOpCall = 0xc2;  // OP_CALL
constexpr std::uint8_t kOpPushData1 = 0x4c;
constexpr std::uint8_t kOpPushData2 = 0x4d;

// The next push of `script` at `at` (advanced past it); nullopt when there is none.
std::optional<Bytes> readPush(ByteView script, std::size_t& at) {
  if (at >= script.size()) return std::nullopt;
  const std::uint8_t op = script[at++];
  std::size_t size = op;
  if (op == kOpPushData1 || op == kOpPushData2) {
    const std::size_t width = op == kOpPushData1 ? 1 : 2;
    if (at + width > script.size()) return std::nullopt;
    size = script[at] | (width == 2 ? std::size_t{script[at + 1]} << 8 : 0);
    at += width;
  } else if (op > 75) {
    return std::nullopt;
  }
  if (at + size > script.size()) return std::nullopt;
  Bytes out(script.begin() + static_cast<std::ptrdiff_t>(at),
            script.begin() + static_cast<std::ptrdiff_t>(at + size));
  at += size;
  return out;
}

// A script number of at most 8 bytes of magnitude, positive; nullopt otherwise.
std::optional<std::uint64_t> decodeContractNumber(const Bytes& bytes) {
  if (bytes.empty() || bytes.size() > 9 || (bytes.back() & 0x80)) return std::nullopt;
  std::uint64_t n = 0;
  for (std::size_t i = 0; i < bytes.size(); ++i) {
    if (i == 8) {
      if (bytes[i] != 0) return std::nullopt;
      break;
    }
    n |= std::uint64_t{bytes[i]} << (8 * i);
  }
  if (encodeContractNumber(n) != bytes) return std::nullopt;  // not minimal
  return n;
}

}  // namespace

Bytes encodeContractNumber(std::uint64_t n) {
  Bytes out;
  while (n != 0) {
    out.push_back(static_cast<std::uint8_t>(n & 0xff));
    n >>= 8;
  }
  if (!out.empty() && (out.back() & 0x80)) out.push_back(0);
  return out;
}

Bytes contractCallScript(const ContractCall& call) {
  if (call.gas_limit == 0 || call.gas_price == 0)
    throw std::invalid_argument("gas_limit and gas_price cannot be zero");
  Bytes script{kOp4};
  pushData(script, encodeContractNumber(call.gas_limit));
  pushData(script, encodeContractNumber(call.gas_price));
  pushData(script, call.data);
  pushData(script, call.contract);
  script.push_back(kOpCall);
  return script;
}

std::optional<ContractCall> parseContractCall(ByteView script) {
  if (script.size() < 2 || script.front() != kOp4 || script.back() != kOpCall) return std::nullopt;
  std::size_t at = 1;
  const auto gas_limit = readPush(script, at);
  const auto gas_price = readPush(script, at);
  const auto data = readPush(script, at);
  const auto contract = readPush(script, at);
  if (!gas_limit || !gas_price || !data || !contract || contract->size() != 20 ||
      at + 1 != script.size())
    return std::nullopt;
  ContractCall call;
  const auto limit = decodeContractNumber(*gas_limit);
  const auto price = decodeContractNumber(*gas_price);
  if (!limit || !price) return std::nullopt;
  call.gas_limit = *limit;
  call.gas_price = *price;
  call.data = *data;
  std::copy(contract->begin(), contract->end(), call.contract.begin());
  return call;
}

std::optional<Bytes> contractCallOutput(const Json& answer) {
  if (!answer.is_object() || !answer.contains("address") || !answer["address"].is_string() ||
      answer["address"].get<std::string>().size() != 40 ||
      !isHex(answer["address"].get<std::string>()) || !answer.contains("executionResult") ||
      !answer["executionResult"].is_object())
    return std::nullopt;
  const Json& result = answer["executionResult"];
  const Json excepted = result.value("excepted", Json("None"));
  if (excepted != Json("None"))
    throw ContractCallRefused("the contract call failed: " + excepted.dump().substr(0, 100));
  if (!result.contains("output") || !result["output"].is_string() ||
      !isHex(result["output"].get<std::string>()))
    return std::nullopt;
  return fromHex(result["output"].get<std::string>());
}

namespace {

bool isHexOf(const Json& v, std::size_t size) {
  return v.is_string() && v.get_ref<const std::string&>().size() == size &&
         isHex(v.get<std::string>());
}

}  // namespace

std::optional<std::vector<ContractEvent>> contractEventsOf(const Json& answer) {
  if (!answer.is_array()) return std::nullopt;
  std::vector<ContractEvent> out;
  for (const Json& item : answer) {
    if (!item.is_object() || !isHexOf(item.value("tx_hash", Json()), 64) ||
        !item.value("height", Json()).is_number_unsigned())
      return std::nullopt;
    const Json index = item.value("log_index", Json(0));
    out.push_back({item["tx_hash"].get<std::string>(), item["height"].get<std::uint64_t>(),
                   index.is_number_unsigned() ? index.get<std::uint64_t>() : 0});
  }
  return out;
}

namespace {

// Lower-case hex of `size` digits, a "0x" before it allowed (KDF reads log addresses both ways);
// nullopt otherwise.
std::optional<std::string> plainHex(const Json& v, std::size_t size) {
  if (!v.is_string()) return std::nullopt;
  std::string text = v.get<std::string>();
  if (text.rfind("0x", 0) == 0) text.erase(0, 2);
  if (text.size() != size || !isHex(text)) return std::nullopt;
  std::transform(text.begin(), text.end(), text.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return text;
}

}  // namespace

std::optional<std::vector<ContractLog>> receiptLogsOf(const Json& answer) {
  if (!answer.is_array()) return std::nullopt;
  std::vector<ContractLog> out;
  for (const Json& receipt : answer) {
    if (!receipt.is_object() || !receipt.value("log", Json()).is_array()) return std::nullopt;
    for (const Json& log : receipt["log"]) {
      if (!log.is_object() || !log.value("topics", Json()).is_array()) return std::nullopt;
      std::optional<std::string> address = plainHex(log.value("address", Json()), 40);
      if (!address) return std::nullopt;
      ContractLog entry{std::move(*address), {}, log.value("data", std::string())};
      for (const Json& topic : log["topics"]) {
        std::optional<std::string> plain = plainHex(topic, 64);
        if (!plain) return std::nullopt;
        entry.topics.push_back(std::move(*plain));
      }
      out.push_back(std::move(entry));
    }
  }
  return out;
}

}  // namespace walletd

// Writing and strictly reading the signed relay authorization.
#include "core/coins/tron/gasless/relay_authorization.h"

#include <cstdio>
#include <ctime>
#include <set>

#include "core/coins/raw_transaction.h"
#include "core/encoding/encoding_error.h"
#include "core/encoding/hex.h"
#include "core/encoding/tron_address.h"

namespace walletd {
namespace {

[[noreturn]] void invalid(const std::string& message) {
  throw rpcError(RawTransactionError::InvalidParam, message, Json(message));
}

void rejectUnknown(const Json& object, const std::set<std::string>& allowed,
                   const std::string& path) {
  for (const auto& [key, value] : object.items()) {
    if (!allowed.count(key)) invalid(path + ": unknown field `" + key.substr(0, 60) + "`");
  }
}

const Json& member(const Json& object, const char* key, const std::string& path) {
  if (!object.contains(key)) invalid(path + ": missing field `" + key + "`");
  return object.at(key);
}

std::string text(const Json& object, const char* key, const std::string& path) {
  const Json& v = member(object, key, path);
  if (!v.is_string()) invalid(path + "." + key + ": expected a string");
  return v.get<std::string>();
}

EthAddress address(const Json& object, const char* key, const std::string& path) {
  try {
    return parseTronAddress(text(object, key, path));
  } catch (const EncodingError& e) {
    invalid(path + "." + key + ": " + e.what());
  }
}

UInt256 number(const Json& object, const char* key, const std::string& path) {
  const Json& v = member(object, key, path);
  std::optional<UInt256> out;
  if (v.is_string()) out = UInt256::fromDecimal(v.get<std::string>(), 0);
  if (v.is_number_unsigned()) out = UInt256(v.get<std::uint64_t>());
  if (!out || (v.is_string() && v.get<std::string>().find('.') != std::string::npos)) {
    invalid(path + "." + key + ": expected a non-negative integer as a decimal string");
  }
  return *out;
}

std::uint64_t small(const Json& object, const char* key, const std::string& path) {
  const auto value = number(object, key, path).toUint64();
  if (!value) invalid(path + "." + key + ": out of range");
  return *value;
}

}  // namespace

std::string isoUtc(std::uint64_t unix_millis) {
  const std::time_t seconds = static_cast<std::time_t>(unix_millis / 1000);
  std::tm utc{};
  gmtime_r(&seconds, &utc);
  char buffer[32];
  std::strftime(buffer, sizeof buffer, "%Y-%m-%dT%H:%M:%SZ", &utc);
  return buffer;
}

Json RelayAuthorization::toJson() const {
  Json signed_authorization = Json::object();
  signed_authorization["token"] = tronBase58(permit.token);
  signed_authorization["service_provider"] = tronBase58(permit.service_provider);
  signed_authorization["user"] = tronBase58(permit.user);
  signed_authorization["receiver"] = tronBase58(permit.receiver);
  signed_authorization["value"] = permit.value.toDecimal();
  signed_authorization["max_fee"] = permit.max_fee.toDecimal();
  signed_authorization["deadline"] = std::to_string(permit.deadline);
  signed_authorization["version"] = std::to_string(permit.version);
  signed_authorization["nonce"] = std::to_string(permit.nonce);
  signed_authorization["sig"] = toHex(signature);
  Json out = Json::object();
  out["relay_type"] = "tron_relay";
  out["chain_id"] = std::to_string(chain_id);
  out["coin"] = coin;
  out["from_address"] = tronBase58(permit.user);
  out["relay_address"] = tronBase58(relay_address);
  out["verifying_contract"] = tronBase58(verifying_contract);
  out["signed_authorization"] = std::move(signed_authorization);
  out["created_at"] = created_at;
  return out;
}

RelayAuthorization RelayAuthorization::fromJson(const Json& value, const std::string& path) {
  if (!value.is_object()) invalid(path + ": expected the gasless withdraw's signed authorization");
  // The gasless withdraw answer may be sent back whole: its standard fields are allowed.
  rejectUnknown(value,
                {"relay_type",
                 "chain_id",
                 "coin",
                 "from",
                 "from_address",
                 "relay_address",
                 "gasfree_address",
                 "verifying_contract",
                 "signed_authorization",
                 "created_at",
                 "to",
                 "total_amount",
                 "spent_by_me",
                 "received_by_me",
                 "my_balance_change",
                 "block_height",
                 "timestamp",
                 "fee_details",
                 "internal_id",
                 "transaction_type",
                 "memo"},
                path);
  RelayAuthorization out;
  const std::string relay_type = text(value, "relay_type", path);
  if (relay_type != "tron_relay" && relay_type != "tron_gasfree") {
    invalid(path + ".relay_type: expected `tron_relay`");
  }
  const auto chain = number(value, "chain_id", path).toUint64();
  if (!chain || *chain > UINT32_MAX) invalid(path + ".chain_id: not a TRON chain id");
  out.chain_id = static_cast<std::uint32_t>(*chain);
  out.coin = text(value, "coin", path);
  out.relay_address =
      address(value, value.contains("relay_address") ? "relay_address" : "gasfree_address", path);
  out.verifying_contract = address(value, "verifying_contract", path);
  out.created_at = text(value, "created_at", path);
  const std::string inner = path + ".signed_authorization";
  const Json& a = member(value, "signed_authorization", path);
  if (!a.is_object()) invalid(inner + ": expected an object");
  rejectUnknown(a,
                {"token", "service_provider", "user", "receiver", "value", "max_fee", "deadline",
                 "version", "nonce", "sig"},
                inner);
  out.permit.token = address(a, "token", inner);
  out.permit.service_provider = address(a, "service_provider", inner);
  out.permit.user = address(a, "user", inner);
  out.permit.receiver = address(a, "receiver", inner);
  out.permit.value = number(a, "value", inner);
  out.permit.max_fee = number(a, "max_fee", inner);
  out.permit.deadline = small(a, "deadline", inner);
  out.permit.version = small(a, "version", inner);
  out.permit.nonce = small(a, "nonce", inner);
  if (address(value, "from_address", path) != out.permit.user) {
    invalid(path + ".from_address: differs from signed_authorization.user");
  }
  Bytes sig;
  try {
    sig = fromHex(text(a, "sig", inner), true);
  } catch (const EncodingError&) {
  }
  if (sig.size() != 65) invalid(inner + ".sig: expected 65 bytes in hex (r, s, v)");
  std::copy(sig.begin(), sig.end(), out.signature.begin());
  return out;
}

}  // namespace walletd

// Protobuf of the staking and distribution queries (cosmos_staking_queries.h).
#include "core/coins/tendermint/cosmos_staking_queries.h"

#include <cstdio>

#include "core/encoding/base64.h"
#include "core/encoding/protobuf.h"

namespace walletd::cosmos_query {
namespace {

// A message's fields by number: the last length-delimited value, the varints, and every
// repeated length-delimited value of `repeated`.
struct Fields {
  std::vector<std::pair<std::uint32_t, ByteView>> bytes;
  std::vector<std::pair<std::uint32_t, std::uint64_t>> varints;

  explicit Fields(ByteView message) {
    ProtoReader reader(message);
    while (auto f = reader.next()) {
      if (f->wire_type == 2) bytes.emplace_back(f->number, f->bytes);
      if (f->wire_type == 0) varints.emplace_back(f->number, f->varint);
    }
  }
  ByteView get(std::uint32_t n) const {
    ByteView out;
    for (const auto& [number, value] : bytes)
      if (number == n) out = value;
    return out;
  }
  bool has(std::uint32_t n) const {
    for (const auto& [number, value] : bytes)
      if (number == n) return true;
    return false;
  }
  std::string text(std::uint32_t n) const { return protoText(get(n)); }
  std::uint64_t varint(std::uint32_t n) const {
    std::uint64_t out = 0;
    for (const auto& [number, value] : varints)
      if (number == n) out = value;
    return out;
  }
  std::vector<ByteView> all(std::uint32_t n) const {
    std::vector<ByteView> out;
    for (const auto& [number, value] : bytes)
      if (number == n) out.push_back(value);
    return out;
  }
};

std::string timestamp(ByteView message) {
  const Fields t(message);
  return rfc3339(static_cast<std::int64_t>(t.varint(1)), static_cast<std::int32_t>(t.varint(2)));
}

// Decodes with `fn`, turning protobuf errors into CosmosDecodeError.
template <typename Fn>
auto decoding(const char* what, Fn fn) {
  try {
    return fn();
  } catch (const ProtoError& e) {
    throw CosmosDecodeError(std::string("malformed ") + what + " answer: " + e.what());
  }
}

Json validatorJson(ByteView message) {
  const Fields v(message);
  Json out{{"operator_address", v.text(1)}};
  if (v.has(2)) {
    const Fields any(v.get(2));
    const Fields key(any.get(2));
    out["consensus_pubkey"] = {{"@type", any.text(1)}, {"key", base64Encode(key.get(1))}};
  } else {
    out["consensus_pubkey"] = nullptr;
  }
  out["jailed"] = v.varint(3) != 0;
  out["status"] = v.varint(4);
  out["tokens"] = v.text(5);
  out["delegator_shares"] = v.text(6);
  if (v.has(7)) {
    const Fields d(v.get(7));
    out["description"] = {{"moniker", d.text(1)},
                          {"identity", d.text(2)},
                          {"website", d.text(3)},
                          {"security_contact", d.text(4)},
                          {"details", d.text(5)}};
  } else {
    out["description"] = nullptr;
  }
  out["unbonding_height"] = static_cast<std::int64_t>(v.varint(8));
  out["unbonding_time"] = timestamp(v.get(9));
  if (v.has(10)) {
    const Fields c(v.get(10));
    Json commission{{"update_time", timestamp(c.get(2))}};
    if (c.has(1)) {
      const Fields r(c.get(1));
      commission["commission_rates"] = {
          {"rate", r.text(1)}, {"max_rate", r.text(2)}, {"max_change_rate", r.text(3)}};
    } else {
      commission["commission_rates"] = nullptr;
    }
    out["commission"] = std::move(commission);
  } else {
    out["commission"] = nullptr;
  }
  out["min_self_delegation"] = v.text(11);
  return out;
}

}  // namespace

Bytes pairRequest(const std::string& delegator, const std::string& validator) {
  ProtoWriter w;
  w.bytes(1, asBytes(delegator)).bytes(2, asBytes(validator));
  return w.data();
}

Bytes pagedRequest(const std::string& first, std::uint64_t offset, std::uint64_t limit) {
  ProtoWriter page;
  page.varint(2, offset).varint(3, limit);
  ProtoWriter w;
  w.bytes(1, asBytes(first));
  if (!page.data().empty()) w.message(2, page);
  return w.data();
}

std::optional<std::string> decodeDelegationBalance(ByteView response) {
  return decoding("delegation", [&]() -> std::optional<std::string> {
    const Fields r(response);
    if (!r.has(1)) return std::nullopt;
    const Fields balance(Fields(r.get(1)).get(2));
    const std::string amount = balance.text(2);
    return amount.empty() ? "0" : amount;
  });
}

std::vector<CosmosDelegation> decodeDelegations(ByteView response) {
  return decoding("delegations", [&] {
    std::vector<CosmosDelegation> out;
    for (const ByteView entry : Fields(response).all(1)) {
      const Fields e(entry);
      const std::string amount = Fields(e.get(2)).text(2);
      out.push_back({Fields(e.get(1)).text(2), amount.empty() ? "0" : amount});
    }
    return out;
  });
}

std::string decodeReward(ByteView response, const std::string& denom) {
  return decoding("rewards", [&] {
    for (const ByteView coin : Fields(response).all(1)) {
      const Fields c(coin);
      if (c.text(1) == denom && !c.text(2).empty()) return c.text(2);
    }
    return std::string("0");
  });
}

std::vector<CosmosUnbonding> decodeUnbondings(ByteView response) {
  return decoding("unbondings", [&] {
    std::vector<CosmosUnbonding> out;
    for (const ByteView unbonding : Fields(response).all(1)) {
      const Fields u(unbonding);
      CosmosUnbonding item{u.text(2), {}};
      for (const ByteView entry : u.all(3)) {
        const Fields e(entry);
        const std::string balance = e.text(4);
        item.entries.push_back({static_cast<std::int64_t>(e.varint(1)), timestamp(e.get(2)),
                                balance.empty() ? "0" : balance});
      }
      out.push_back(std::move(item));
    }
    return out;
  });
}

Json decodeValidators(ByteView response) {
  return decoding("validators", [&] {
    Json out = Json::array();
    for (const ByteView validator : Fields(response).all(1))
      out.push_back(validatorJson(validator));
    return out;
  });
}

std::string rfc3339(std::int64_t seconds, std::int32_t nanos) {
  // Days since the epoch to a civil date (Howard Hinnant's algorithm).
  std::int64_t days = seconds >= 0 ? seconds / 86400 : (seconds - 86399) / 86400;
  const std::int64_t second_of_day = seconds - days * 86400;
  days += 719468;
  const std::int64_t era = (days >= 0 ? days : days - 146096) / 146097;
  const std::int64_t doe = days - era * 146097;
  const std::int64_t yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
  const std::int64_t doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
  const std::int64_t mp = (5 * doy + 2) / 153;
  const std::int64_t day = doy - (153 * mp + 2) / 5 + 1;
  const std::int64_t month = mp < 10 ? mp + 3 : mp - 9;
  const std::int64_t year = yoe + era * 400 + (month <= 2 ? 1 : 0);
  char buffer[160];
  std::snprintf(buffer, sizeof buffer, "%04lld-%02lld-%02lldT%02lld:%02lld:%02lld",
                static_cast<long long>(year), static_cast<long long>(month),
                static_cast<long long>(day), static_cast<long long>(second_of_day / 3600),
                static_cast<long long>(second_of_day / 60 % 60),
                static_cast<long long>(second_of_day % 60));
  std::string out = buffer;
  if (nanos > 0 && nanos < 1'000'000'000) {
    std::snprintf(buffer, sizeof buffer, ".%09d", nanos);
    std::string fraction = buffer;
    while (fraction.size() > 4 && fraction.substr(fraction.size() - 3) == "000")
      fraction.resize(fraction.size() - 3);
    out += fraction;
  }
  return out + "Z";
}

}  // namespace walletd::cosmos_query

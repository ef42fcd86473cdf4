// Reading a UTXO coin's chain rules from its coins-file entry.
#include "core/coins/utxo/chain/chain_rules.h"

#include "core/coins/address_codec.h"
#include "core/encoding/hex.h"

namespace walletd {
namespace {

// A hex number as the coins file writes these fields ("0x892f2085", "0x40"; the 0x optional).
std::optional<std::uint32_t> hexField(const CoinEntry& coin, const char* key, const char* error) {
  if (!coin.conf.contains(key)) return std::nullopt;
  const Json& value = coin.conf[key];
  std::string text = value.is_string() ? value.get<std::string>() : std::string();
  if (text.rfind("0x", 0) == 0 || text.rfind("0X", 0) == 0) text = text.substr(2);
  if (text.empty() || text.size() > 8 || !isHex(text + (text.size() % 2 ? "0" : "")))
    throw CoinRulesError(std::string(error) + ": " + key + " is not a 32-bit hex number");
  return static_cast<std::uint32_t>(std::stoul(text, nullptr, 16));
}

}  // namespace

UtxoChainRules UtxoChainRules::fromEntry(const CoinEntry& coin) {
  UtxoChainRules r;
  r.ticker = coin.ticker;
  r.protocol_type = coin.protocol_type;
  if (coin.conf.contains("txversion")) {
    const Json& v = coin.conf["txversion"];
    if (!v.is_number_integer() || v.get<std::int64_t>() < INT32_MIN ||
        v.get<std::int64_t>() > INT32_MAX)
      throw CoinRulesError("txversion is not a 32-bit integer");
    r.tx_version = static_cast<std::int32_t>(v.get<std::int64_t>());
  }
  const Json overwintered = coin.conf.value("overwintered", Json(0));
  r.overwintered = overwintered == Json(1) || overwintered == Json(true);
  const std::int32_t version = r.tx_version.value_or(1);
  const auto group = hexField(coin, "version_group_id", "InvalidVersionGroupId");
  const auto branch = hexField(coin, "consensus_branch_id", "InvalidConsensusBranchId");
  if (r.overwintered) {
    r.version_group_id = group.value_or(version == 3 ? 0x03c48270 : version == 4 ? 0x892f2085 : 0);
    r.consensus_branch_id = branch.value_or(version == 3   ? 0x5ba81b19
                                            : version == 4 ? 0x76b809bb
                                                           : 0);
  } else {
    r.version_group_id = group.value_or(0);
    r.consensus_branch_id = branch.value_or(0);
  }
  r.fork_id = hexField(coin, "fork_id", "InvalidForkId").value_or(coin.ticker == "BCH" ? 0x40 : 0);
  const std::optional<std::string> sv = coin.string("signature_version");
  if (sv == "base") {
    r.signature_version = SignatureVersion::Base;
  } else if (sv == "witness_v0") {
    r.signature_version = SignatureVersion::WitnessV0;
  } else if (sv == "fork_id") {
    r.signature_version = SignatureVersion::ForkId;
  } else if (sv) {
    throw CoinRulesError("signature_version " + *sv + " is not base, witness_v0 or fork_id");
  } else {
    r.signature_version = r.fork_id != 0 ? SignatureVersion::ForkId : SignatureVersion::Base;
  }
  r.segwit = coin.conf.value("segwit", Json(false)) == Json(true);
  const Json format = coin.conf.value("address_format", Json::object());
  r.cash_address = format.is_object() && format.value("format", Json()) == Json("cashaddress");
  r.mature_confirmations = coin.unsignedInt("mature_confirmations").value_or(100);
  return r;
}

std::string UtxoChainRules::describe() const {
  std::string out;
  auto add = [&out](const std::string& part) { out += (out.empty() ? "" : ", ") + part; };
  if (overwintered) add("overwintered version " + std::to_string(tx_version.value_or(1)));
  if (fork_id != 0) add("fork_id " + std::to_string(fork_id));
  if (signature_version == SignatureVersion::ForkId) add("signature_version fork_id");
  if (protocol_type != "UTXO") add("protocol " + protocol_type);
  return out.empty() ? "Bitcoin's rules" : out;
}

}  // namespace walletd

// CoinsConfig parsing.
#include "core/coins/coins_config.h"

namespace walletd {

CoinsConfig CoinsConfig::fromText(const std::string& text) {
  Json parsed = Json::parse(text, nullptr, false);
  if (parsed.is_discarded()) throw CoinsFileError("the coins file is not valid JSON");
  return fromJson(parsed);
}

namespace {

// What is wrong with an entry's `protocol`, in serde's words (KDF's CoinProtocol is tagged by
// `type`), or nullopt.
std::optional<std::string> protocolProblem(const Json& protocol) {
  if (!protocol.is_object())
    return "invalid type: " + std::string(protocol.type_name()) + ", expected an object";
  auto type = protocol.find("type");
  if (type == protocol.end()) return std::string("missing field `type`");
  if (!type->is_string())
    return "invalid type: " + std::string(type->type_name()) + ", expected a string";
  return std::nullopt;
}

}  // namespace

// As KDF: only the file as a whole must be right. An entry that cannot be matched to a ticker
// is skipped; an entry whose protocol is malformed is kept, and activating it answers the
// problem (CoinEntry::malformed). Each is one warning.
CoinsConfig CoinsConfig::fromJson(const Json& coins) {
  if (!coins.is_array()) throw CoinsFileError("the coins file must be a JSON array of coins");
  CoinsConfig out;
  for (std::size_t i = 0; i < coins.size(); ++i) {
    const Json& entry = coins[i];
    const std::string where = "coins[" + std::to_string(i) + "]";
    auto coin = entry.is_object() ? entry.find("coin") : entry.end();
    if (!entry.is_object() || coin == entry.end() || !coin->is_string() ||
        coin->get<std::string>().empty()) {
      out.warnings_.push_back(where +
                              (entry.is_object() ? " has no `coin` ticker" : " is not an object") +
                              ": skipped");
      continue;
    }
    CoinEntry c;
    c.ticker = coin->get<std::string>();
    if (auto protocol = entry.find("protocol"); protocol != entry.end()) {
      c.malformed = protocolProblem(*protocol);
      if (c.malformed) {
        c.malformed = "protocol: " + *c.malformed;
        out.warnings_.push_back(where + " (" + c.ticker.substr(0, 60) + ") " + *c.malformed +
                                ": activating it will fail");
      } else {
        c.protocol_type = (*protocol)["type"].get<std::string>();
      }
    }
    c.conf = entry;
    // KDF keeps the first entry of a ticker; so do we.
    out.coins_.emplace(c.ticker, std::move(c));
  }
  return out;
}

std::optional<std::string> CoinEntry::stringIn(const Json& object, const char* key) {
  if (!object.is_object()) return std::nullopt;
  auto it = object.find(key);
  if (it == object.end() || !it->is_string()) return std::nullopt;
  return it->get<std::string>();
}

std::optional<std::uint64_t> CoinEntry::unsignedIn(const Json& object, const char* key) {
  if (!object.is_object()) return std::nullopt;
  auto it = object.find(key);
  if (it == object.end() || !it->is_number_unsigned()) return std::nullopt;
  return it->get<std::uint64_t>();
}

const Json* CoinEntry::protocolData() const {
  auto protocol = conf.find("protocol");
  if (protocol == conf.end() || !protocol->is_object()) return nullptr;
  auto data = protocol->find("protocol_data");
  return data != protocol->end() && data->is_object() ? &*data : nullptr;
}

std::optional<std::string> CoinEntry::protocolString(const char* key) const {
  const Json* data = protocolData();
  return data ? stringIn(*data, key) : std::nullopt;
}

std::optional<std::uint64_t> CoinEntry::protocolUnsigned(const char* key) const {
  const Json* data = protocolData();
  return data ? unsignedIn(*data, key) : std::nullopt;
}

Json CoinEntry::protocolJson() const {
  auto protocol = conf.find("protocol");
  return protocol == conf.end() ? Json() : *protocol;
}

const CoinEntry* CoinsConfig::find(const std::string& ticker) const {
  auto it = coins_.find(ticker);
  return it == coins_.end() ? nullptr : &it->second;
}

std::vector<std::string> CoinsConfig::tickers() const {
  std::vector<std::string> out;
  for (const auto& [ticker, entry] : coins_) out.push_back(ticker);
  return out;
}

}  // namespace walletd

// CoinsConfig parsing.
#include "core/coins/coins_config.h"

namespace walletd {

CoinsConfig CoinsConfig::fromText(const std::string& text) {
  Json parsed = Json::parse(text, nullptr, false);
  if (parsed.is_discarded()) throw CoinsFileError("the coins file is not valid JSON");
  return fromJson(parsed);
}

CoinsConfig CoinsConfig::fromJson(const Json& coins) {
  if (!coins.is_array()) throw CoinsFileError("the coins file must be a JSON array of coins");
  CoinsConfig out;
  for (std::size_t i = 0; i < coins.size(); ++i) {
    const Json& entry = coins[i];
    const std::string where = "coins[" + std::to_string(i) + "]";
    if (!entry.is_object()) throw CoinsFileError(where + " is not an object");
    auto coin = entry.find("coin");
    if (coin == entry.end() || !coin->is_string() || coin->get<std::string>().empty()) {
      throw CoinsFileError(where + " has no `coin` ticker");
    }
    CoinEntry c;
    c.ticker = coin->get<std::string>();
    if (auto protocol = entry.find("protocol"); protocol != entry.end()) {
      if (!protocol->is_object() || !protocol->contains("type") ||
          !(*protocol)["type"].is_string()) {
        throw CoinsFileError(where + " (" + c.ticker +
                             ") has a `protocol` without a string `type`");
      }
      c.protocol_type = (*protocol)["type"].get<std::string>();
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

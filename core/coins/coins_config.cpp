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

// CoinsConfig: the KDF coins file (a JSON array of coin objects keyed by `coin`), loaded as is.
// Each entry keeps its full JSON for the coin family that activates it; the index records the
// protocol type so unsupported families can be named clearly.
#pragma once

#include <map>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/rpc/json.h"

namespace walletd {

struct CoinsFileError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

struct CoinEntry {
  std::string ticker;
  std::string protocol_type;  // "UTXO", "ETH", "ERC20", "TENDERMINT", "TRX", ... or ""
  Json conf;
};

class CoinsConfig {
 public:
  // Throws CoinsFileError naming the offending entry.
  static CoinsConfig fromJson(const Json& coins);
  static CoinsConfig fromText(const std::string& text);

  const CoinEntry* find(const std::string& ticker) const;
  std::size_t size() const { return coins_.size(); }
  std::vector<std::string> tickers() const;

 private:
  std::map<std::string, CoinEntry> coins_;
};

}  // namespace walletd

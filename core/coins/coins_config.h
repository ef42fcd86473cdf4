// CoinsConfig: the KDF coins file (a JSON array of coin objects keyed by `coin`), loaded as is.
// Each entry keeps its full JSON for the coin family that activates it, read only through typed
// accessors that answer nullopt for a missing key or a value of the wrong JSON type (never
// touching a key that is not there).
#pragma once

#include <cstdint>
#include <map>
#include <optional>
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
  // Set when the entry's `protocol` is malformed ("protocol: missing field `type`"): the entry
  // loads (as in KDF) and its activation answers KDF's protocol parse error with this text.
  std::optional<std::string> malformed;

  // Top-level fields of the entry.
  std::optional<std::string> string(const char* key) const { return stringIn(conf, key); }
  std::optional<std::uint64_t> unsignedInt(const char* key) const { return unsignedIn(conf, key); }
  // `protocol.protocol_data` when it is an object, else null.
  const Json* protocolData() const;
  std::optional<std::string> protocolString(const char* key) const;
  std::optional<std::uint64_t> protocolUnsigned(const char* key) const;
  // The `protocol` object as written (null when absent), for error_data.
  Json protocolJson() const;
  // protocol_type, or "none" for an entry without a protocol (for messages).
  std::string protocolName() const { return protocol_type.empty() ? "none" : protocol_type; }

  static std::optional<std::string> stringIn(const Json& object, const char* key);
  static std::optional<std::uint64_t> unsignedIn(const Json& object, const char* key);
};

class CoinsConfig {
 public:
  // Throws CoinsFileError when the file is not a JSON array; a bad entry is a warning.
  static CoinsConfig fromJson(const Json& coins);
  static CoinsConfig fromText(const std::string& text);

  const CoinEntry* find(const std::string& ticker) const;
  std::size_t size() const { return coins_.size(); }
  std::vector<std::string> tickers() const;
  // One line per entry skipped or loaded as malformed, for the host to print at start.
  const std::vector<std::string>& warnings() const { return warnings_; }

 private:
  std::map<std::string, CoinEntry> coins_;
  std::vector<std::string> warnings_;
};

}  // namespace walletd

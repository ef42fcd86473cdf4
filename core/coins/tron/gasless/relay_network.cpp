// The three networks' relay constants (the provider's documentation and SDK; unit-tested against
// the documented domain separators and relay addresses).
#include "core/coins/tron/gasless/relay_network.h"

#include <vector>

#include "core/coins/tron/gasless/relay_contract_code.h"
#include "core/encoding/hex.h"
#include "core/encoding/tron_address.h"

namespace walletd {
namespace {

RelayNetwork make(const char* name, const char* segment, std::uint32_t chain_id,
                  const char* controller, const char* beacon, const char* code) {
  RelayNetwork out;
  out.name = name;
  out.path_segment = segment;
  out.chain_id = chain_id;
  out.controller = parseTronAddress(controller);
  out.beacon = parseTronAddress(beacon);
  out.creation_code = fromHex(code);
  return out;
}

const std::vector<RelayNetwork>& networks() {
  static const std::vector<RelayNetwork> all{
      make("Mainnet", "tron", 728126428, "TFFAMQLZybALaLb4uxHA9RBE7pxhUAjF3U",
           "TSP9UW6FQhT76XD2jWA6ipGMx3yGbjDffP", kRelayCreationCodeMainnet),
      make("Nile", "nile", 3448148188u, "THQGuFzL87ZqhxkgqYEryRAd7gqFqL5rdc",
           "TLtCGmaxH3PbuaF6kbybwteZcHptEdgQGC", kRelayCreationCodeNile),
      make("Shasta", "shasta", 2494104990u, "TQghdCeVDA6CnuNVTUhfaAyPfTetqZWNpm",
           "TQ1jvA3nLDMDNbJoMPLzTPoqAg8NvZ5CCW", kRelayCreationCodeShasta),
  };
  return all;
}

}  // namespace

const RelayNetwork* relayNetwork(std::string_view name) {
  for (const RelayNetwork& network : networks()) {
    if (network.name == name) return &network;
  }
  return nullptr;
}

}  // namespace walletd

// What the relay provider's protocol fixes per TRON network: the TIP-712 chain id, the controller
// contract (the permit's verifying contract and the CREATE2 deployer of relay addresses), the
// beacon the custody proxies point at, their creation code, and the path segment the provider's
// public API puts after its host.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "core/crypto/bytes.h"
#include "core/encoding/eth_address.h"

namespace walletd {

struct RelayNetwork {
  std::string name;          // the coins file's protocol_data.network: Mainnet, Nile, Shasta
  std::string path_segment;  // tron, nile, shasta
  std::uint32_t chain_id = 0;
  EthAddress controller{};
  EthAddress beacon{};
  Bytes creation_code;
};

// Null for a network the provider does not serve.
const RelayNetwork* relayNetwork(std::string_view name);

}  // namespace walletd

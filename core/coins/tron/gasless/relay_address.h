// A user's relay (custody) address: the contract address the provider's controller deploys for
// that user with TVM's CREATE2 — keccak256(0x41 ‖ controller ‖ salt ‖ keccak256(init code)),
// last 20 bytes — where salt is the user's 20 bytes left-padded to 32 and the init code is the
// network's creation code followed by abi.encode(beacon, initialize(user) calldata). TVM puts
// TRON's 0x41 address prefix where the EVM puts 0xff. Tokens sent to it can be moved gaslessly.
#pragma once

#include "core/coins/tron/gasless/relay_network.h"

namespace walletd {

EthAddress relayAddress(const RelayNetwork& network, const EthAddress& user);

}  // namespace walletd

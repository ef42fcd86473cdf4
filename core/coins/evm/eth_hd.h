// HD wallets on an EVM platform through the account-chain kit (account_chain_hd.h): an address is
// used once it has sent a transaction or holds the coin or an active token; balances are read
// from the platform's nodes. The activation hands this peer to the kit
// (account_chain_activation.h), which becomes the platform's HdCoin: the shared HD methods work
// for ETH.
#pragma once

#include <memory>
#include <vector>

#include "core/coins/account_chain_hd.h"
#include "core/coins/evm/evm_coins.h"

namespace walletd {

// How the kit reads an account of `platform` (which must outlive the peer: the kit it is given
// to belongs to the platform).
std::unique_ptr<AccountChainPeer> ethAccountPeer(EthPlatform& platform);

}  // namespace walletd

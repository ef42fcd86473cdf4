// HD wallets on an EVM platform through the account-chain kit (account_chain_hd.h): an address is
// used once it has sent a transaction or holds the coin or an active token; balances are read
// from the platform's nodes. enableEthHd gives an HD-activated platform its HdCoin, so the
// shared HD methods work for ETH.
#pragma once

#include <memory>
#include <vector>

#include "core/coins/account_chain_hd.h"
#include "core/coins/evm/evm_coins.h"

namespace walletd {

class Node;

// Gives `platform` (activated with an HD wallet) its AccountChainHd; the tokens are those
// registered on it in `node`, and new addresses are saved with the wallet's accounts.
void enableEthHd(Node& node, EthPlatform& platform, std::uint32_t gap_limit);

}  // namespace walletd

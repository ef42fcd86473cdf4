// HD wallets on TRON through the account-chain kit (account_chain_hd.h): an address is used once
// the node knows the account or it holds an active token; balances are read from the node.
// enableTronHd gives an HD-activated platform its HdCoin, so the shared HD methods work for TRX.
#pragma once

#include <memory>
#include <vector>

#include "core/coins/account_chain_hd.h"
#include "core/coins/tron/tron_coins.h"

namespace walletd {

class Node;

// Gives `platform` (activated with an HD wallet) its AccountChainHd; the tokens are those
// registered on it in `node`, and new addresses are saved with the wallet's accounts.
std::unique_ptr<AccountChainPeer> tronAccountPeer(TronPlatform& platform);

}  // namespace walletd

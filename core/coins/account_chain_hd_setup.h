// Setting up the account-chain kit for a platform activated with an HD wallet: the kit reads
// through the family's peer, its token columns are the family's tokens registered on the platform
// in the node, and new addresses are saved with the wallet's accounts. The family's platform
// keeps the kit, which owns the peer (setHdChain), and answers hd() with it.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "core/coins/account_chain_hd.h"
#include "core/coins/hd_platform_wallet.h"
#include "core/node/node.h"

namespace walletd {

// The columns of `tokens` (any family's token: ticker(), decimals(), contract()).
template <typename Token>
std::vector<AccountChainToken> chainTokens(const std::vector<std::shared_ptr<Token>>& tokens) {
  std::vector<AccountChainToken> out;
  out.reserve(tokens.size());
  for (const auto& token : tokens)
    out.push_back({token->ticker(), token->decimals(), token->contract()});
  return out;
}

template <typename Token, typename Platform>
void enableAccountChainHd(Node& node, Platform& platform, std::unique_ptr<AccountChainPeer> peer,
                          unsigned decimals, std::uint32_t gap_limit) {
  const std::string ticker = platform.ticker();
  AccountChainHd::Tokens tokens = [&node, ticker] {
    std::vector<std::shared_ptr<Token>> registered;
    for (const auto& coin : node.activeCoins().tokensOf(ticker))
      if (auto token = std::dynamic_pointer_cast<Token>(coin)) registered.push_back(token);
    return chainTokens(registered);
  };
  HdWallet* hd = platform.hdWallet();
  AccountChainHd::Save save = [&node, ticker, hd] {
    return saveHdPlatformWallet(node, ticker, *hd);
  };
  auto chain = std::make_unique<AccountChainHd>(
      platform.hdShared(), HdBalanceColumn{ticker, decimals}, gap_limit, std::move(peer),
      std::move(tokens), std::move(save), node.executor());
  platform.setHdChain(std::move(chain));
}

}  // namespace walletd

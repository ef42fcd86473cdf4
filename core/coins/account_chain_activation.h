// The account-chain kit's activation side, for families with a platform coin, tokens and one key
// per address (EVM, TRON; Tendermint next). Once a family has connected its platform and made
// its tokens, finishAccountChainActivation does what every such activation does the same way: HD
// (the kit set up with the family's peer, KDF's scan when due, the HD report) or the Iguana
// report, then "Finishing", the cancel check and the accounts saved. activateAccountChainToken is
// enable_erc20 for the family's token: its platform found (KDF's errors), the token made, and its
// balance on every known account of the platform.
//
// What the kit asks of the family's types: Platform has ticker(), hdWallet(), hdShared(),
// setHdChain(), hdChain(), knownAccounts() and tokenBalance(contract, account); Token is made
// from (ticker, platform, contract, decimals, required_confirmations) and has ticker(),
// decimals(), contract().
#pragma once

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/coins/account_chain_hd_setup.h"
#include "core/coins/coin_family.h"
#include "core/coins/hd_platform_wallet.h"
#include "core/coins/iguana_activation_result.h"
#include "core/coins/platform_activation_errors.h"
#include "core/rpc/rpc_task_manager.h"

namespace walletd {

struct AccountChainFinish {
  std::uint64_t current_block = 0;
  std::string pubkey;      // for the Iguana report (empty: none to share, as with a browser wallet)
  unsigned decimals = 18;  // the platform coin's
  std::unique_ptr<AccountChainPeer> hd_peer;  // HD: how the kit reads an account
};

template <typename Token, typename Platform>
Task<ActivatedCoins> finishAccountChainActivation(Node& node, std::shared_ptr<Platform> platform,
                                                  std::vector<std::shared_ptr<Token>> tokens,
                                                  std::optional<HdPlatformWallet> hd,
                                                  PlatformActivationParams p,
                                                  std::shared_ptr<RpcTaskHandle> handle,
                                                  AccountChainFinish finish) {
  handle->setProgress("RequestingWalletBalance");
  ActivatedCoins out;
  if (hd) {
    enableAccountChainHd<Token>(node, *platform, std::move(finish.hd_peer), finish.decimals,
                                p.gap_limit);
  }
  const std::vector<AccountChainToken> chain_tokens = chainTokens(tokens);
  if (hd && hd->shouldScan(p)) co_await platform->hdChain()->scan(p.gap_limit, chain_tokens);
  if (hd) {
    const WalletBalanceInfo balance = co_await platform->hdChain()->walletBalance(chain_tokens);
    out.result = hdActivationResult(finish.current_block, p.ticker, balance);
  } else {
    out.result = co_await iguanaActivationResult(
        *platform, std::vector<std::shared_ptr<ActiveCoin>>(tokens.begin(), tokens.end()),
        finish.pubkey, p.get_balances, finish.current_block);
  }
  handle->setProgress("Finishing");
  handle->throwIfCancelled();
  if (hd) co_await saveHdPlatformWallet(node, p.ticker, *hd->hd);
  out.coins.push_back(platform);
  for (auto& token : tokens) out.coins.push_back(token);
  co_return out;
}

// What enable_erc20 needs from the token's coins-file entry (the family's token plan).
struct AccountChainTokenPlan {
  std::string ticker;
  EthAddress contract{};
  unsigned decimals = 18;
  std::uint32_t required_confirmations = 3;
};

// The active platform `platform_ticker` of the family's Platform type, or KDF's
// PlatformCoinIsNotActivated / UnsupportedPlatformCoin for `token_ticker`.
template <typename Platform>
std::shared_ptr<Platform> tokenPlatform(Node& node, const std::string& platform_ticker,
                                        const std::string& token_ticker) {
  auto active = node.activeCoins().find(platform_ticker);
  if (!active) {
    throw rpcError(EnableTokenError::PlatformCoinIsNotActivated,
                   "Platform coin " + platform_ticker + " is not activated", Json(platform_ticker));
  }
  auto platform = std::dynamic_pointer_cast<Platform>(active);
  if (!platform) {
    throw rpcError(EnableTokenError::UnsupportedPlatformCoin,
                   platform_ticker + " is not a platform coin for token " + token_ticker,
                   Json{{"platform_coin_ticker", platform_ticker}, {"token_ticker", token_ticker}});
  }
  return platform;
}

// KDF's enable_erc20 answer: {balances: {address: BalanceInfo}, platform_coin,
// token_contract_address, required_confirmations}; addresses as the family writes them.
template <typename Token, typename Platform>
Task<ActivatedCoins> activateAccountChainToken(std::shared_ptr<Platform> platform,
                                               AccountChainTokenPlan plan,
                                               std::function<std::string(EthAddress)> write) {
  auto token = std::make_shared<Token>(plan.ticker, platform, plan.contract, plan.decimals,
                                       plan.required_confirmations);
  Json balances = Json::object();
  for (const EthAddress& account : platform->knownAccounts()) {
    const UInt256 units = co_await platform->tokenBalance(plan.contract, account);
    balances[write(account)] = spendableBalance(units, plan.decimals).toJson();
  }
  ActivatedCoins out;
  out.result = Json::object();
  out.result["balances"] = std::move(balances);
  out.result["platform_coin"] = platform->ticker();
  out.result["token_contract_address"] = write(plan.contract);
  out.result["required_confirmations"] = plan.required_confirmations;
  out.coins.push_back(token);
  co_return out;
}

}  // namespace walletd

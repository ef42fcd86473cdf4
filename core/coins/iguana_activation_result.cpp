// The Iguana activation answer.
#include "core/coins/iguana_activation_result.h"

namespace walletd {

Task<Json> iguanaActivationResult(ActiveCoin& platform,
                                  std::vector<std::shared_ptr<ActiveCoin>> tokens,
                                  std::string pubkey_hex, bool get_balances,
                                  std::uint64_t current_block) {
  Json platform_info = Json::object();
  platform_info["derivation_method"] = DerivationMethod{DerivationMethod::Type::Iguana}.toJson();
  platform_info["pubkey"] = std::move(pubkey_hex);
  Json token_info = platform_info;
  if (get_balances) {
    const BalanceInfo platform_balance = co_await platform.myBalance();
    platform_info["balances"] = platform_balance.toJson();
    Json balances = Json::object();
    for (const auto& token : tokens) {
      const BalanceInfo token_balance = co_await token->myBalance();
      balances[token->ticker()] = token_balance.toJson();
    }
    token_info["balances"] = std::move(balances);
  } else {  // KDF's documented answer: the platform's info then has neither balances nor tickers
    Json tickers = Json::array();
    for (const auto& token : tokens) tickers.push_back(token->ticker());
    token_info["tickers"] = std::move(tickers);
  }
  const std::string address = platform.myAddress();
  Json out = Json::object();
  out["current_block"] = current_block;
  out["eth_addresses_infos"] = Json{{address, std::move(platform_info)}};
  out["erc20_addresses_infos"] = Json{{address, std::move(token_info)}};
  out["nfts_infos"] = Json::object();
  co_return out;
}

}  // namespace walletd

// ERC20 token plans: the shared token-entry checks, then the contract in EVM form.
#include "core/coins/evm/erc20_token_plan.h"

#include "core/coins/token_entry.h"
#include "core/encoding/encoding_error.h"

namespace walletd {

Erc20TokenPlan planErc20Token(const CoinEntry* entry, const std::string& platform,
                              const std::string& ticker,
                              std::optional<std::uint32_t> required_confirmations) {
  const TokenEntry token = readTokenEntry(entry, "ERC20", platform, ticker, required_confirmations);
  Erc20TokenPlan plan;
  plan.ticker = ticker;
  try {
    plan.contract = parseEthAddress(token.contract_address, false);
  } catch (const EncodingError& e) {
    throwUnexpectedTokenProtocol(*entry, std::string("invalid contract address: ") + e.what());
  }
  if (token.decimals) plan.decimals = *token.decimals;
  plan.required_confirmations = token.required_confirmations;
  return plan;
}

}  // namespace walletd

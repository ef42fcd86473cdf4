// TRC20 token plans: the shared token-entry checks, then the contract in TRON form; TRC20 entries
// must state their decimals.
#include "core/coins/tron/trc20_token_plan.h"

#include "core/coins/token_entry.h"
#include "core/encoding/encoding_error.h"
#include "core/encoding/tron_address.h"

namespace walletd {

Trc20TokenPlan planTrc20Token(const CoinEntry* entry, const std::string& platform,
                              const std::string& ticker,
                              std::optional<std::uint32_t> required_confirmations) {
  const TokenEntry token = readTokenEntry(entry, "TRC20", platform, ticker, required_confirmations);
  Trc20TokenPlan plan;
  plan.ticker = ticker;
  try {
    plan.contract = parseTronAddress(token.contract_address);
  } catch (const EncodingError& e) {
    throwUnexpectedTokenProtocol(*entry, std::string("invalid contract address: ") + e.what());
  }
  if (!token.decimals) throwUnexpectedTokenProtocol(*entry, "decimals is missing or above 77");
  plan.decimals = *token.decimals;
  plan.required_confirmations = token.required_confirmations;
  return plan;
}

}  // namespace walletd

// TRC20 token plans from the coins file.
#include "core/coins/tron/trc20_token_plan.h"

#include "core/coins/platform_activation_errors.h"
#include "core/encoding/encoding_error.h"
#include "core/encoding/tron_address.h"

namespace walletd {
namespace {

[[noreturn]] void unexpected(const CoinEntry& entry, const std::string& why) {
  throw rpcError(
      EnablePlatformError::UnexpectedTokenProtocol,
      "Unexpected token protocol " + entry.protocolName() + " for " + entry.ticker + ": " + why,
      Json{{"ticker", entry.ticker}, {"protocol", entry.protocolJson()}});
}

}  // namespace

Trc20TokenPlan planTrc20Token(const CoinEntry* entry, const std::string& platform,
                              const std::string& ticker,
                              std::optional<std::uint32_t> required_confirmations) {
  if (entry == nullptr) {
    throw rpcError(EnablePlatformError::TokenConfigIsNotFound,
                   "Token " + ticker + " config is not found", Json(ticker));
  }
  if (entry->protocol_type != "TRC20") unexpected(*entry, "expected TRC20");
  if (entry->protocolData() == nullptr) unexpected(*entry, "protocol_data is not an object");
  const auto token_platform = entry->protocolString("platform");
  if (!token_platform) unexpected(*entry, "protocol_data.platform is not a string");
  if (*token_platform != platform)
    unexpected(*entry, "its platform is " + token_platform->substr(0, 40) + ", not " + platform);
  const auto contract = entry->protocolString("contract_address");
  if (!contract) unexpected(*entry, "protocol_data.contract_address is not a string");
  Trc20TokenPlan plan;
  plan.ticker = ticker;
  try {
    plan.contract = parseTronAddress(*contract);
  } catch (const EncodingError& e) {
    unexpected(*entry, std::string("invalid contract address: ") + e.what());
  }
  const auto decimals = entry->unsignedInt("decimals");
  if (!decimals || *decimals > 77) unexpected(*entry, "decimals is missing or above 77");
  plan.decimals = static_cast<unsigned>(*decimals);
  plan.required_confirmations = required_confirmations.value_or(3);
  return plan;
}

}  // namespace walletd

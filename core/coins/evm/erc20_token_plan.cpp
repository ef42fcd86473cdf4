// ERC20 token plans from the coins file, read through CoinEntry's typed accessors.
#include "core/coins/evm/erc20_token_plan.h"

#include "core/coins/platform_activation_errors.h"
#include "core/encoding/encoding_error.h"

namespace walletd {
namespace {

[[noreturn]] void unexpected(const CoinEntry& entry, const std::string& why) {
  throw rpcError(
      EnablePlatformError::UnexpectedTokenProtocol,
      "Unexpected token protocol " + entry.protocolName() + " for " + entry.ticker + ": " + why,
      Json{{"ticker", entry.ticker}, {"protocol", entry.protocolJson()}});
}

}  // namespace

Erc20TokenPlan planErc20Token(const CoinEntry* entry, const std::string& platform,
                              const std::string& ticker,
                              std::optional<std::uint32_t> required_confirmations) {
  if (entry == nullptr) {
    throw rpcError(EnablePlatformError::TokenConfigIsNotFound,
                   "Token " + ticker + " config is not found", Json(ticker));
  }
  if (entry->protocol_type != "ERC20") unexpected(*entry, "expected ERC20");
  if (entry->protocolData() == nullptr) unexpected(*entry, "protocol_data is not an object");
  const auto token_platform = entry->protocolString("platform");
  if (!token_platform) unexpected(*entry, "protocol_data.platform is not a string");
  if (*token_platform != platform)
    unexpected(*entry, "its platform is " + token_platform->substr(0, 40) + ", not " + platform);
  const auto contract = entry->protocolString("contract_address");
  if (!contract) unexpected(*entry, "protocol_data.contract_address is not a string");
  Erc20TokenPlan plan;
  plan.ticker = ticker;
  try {
    plan.contract = parseEthAddress(*contract, false);
  } catch (const EncodingError& e) {
    unexpected(*entry, std::string("invalid contract address: ") + e.what());
  }
  if (auto decimals = entry->unsignedInt("decimals"); decimals && *decimals <= 77)
    plan.decimals = static_cast<unsigned>(*decimals);
  plan.required_confirmations = required_confirmations.value_or(3);
  return plan;
}

}  // namespace walletd

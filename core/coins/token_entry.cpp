// Token entries from the coins file, read through CoinEntry's typed accessors.
#include "core/coins/token_entry.h"

#include "core/coins/platform_activation_errors.h"

namespace walletd {

void throwUnexpectedTokenProtocol(const CoinEntry& entry, const std::string& why) {
  throw rpcError(
      EnablePlatformError::UnexpectedTokenProtocol,
      "Unexpected token protocol " + entry.protocolName() + " for " + entry.ticker + ": " + why,
      Json{{"ticker", entry.ticker}, {"protocol", entry.protocolJson()}});
}

TokenEntry readTokenEntry(const CoinEntry* entry, std::string_view token_protocol,
                          const std::string& platform, const std::string& ticker,
                          std::optional<std::uint32_t> required_confirmations) {
  if (entry == nullptr) {
    throw rpcError(EnablePlatformError::TokenConfigIsNotFound,
                   "Token " + ticker + " config is not found", Json(ticker));
  }
  if (entry->protocol_type != token_protocol)
    throwUnexpectedTokenProtocol(*entry, "expected " + std::string(token_protocol));
  if (entry->protocolData() == nullptr)
    throwUnexpectedTokenProtocol(*entry, "protocol_data is not an object");
  const auto token_platform = entry->protocolString("platform");
  if (!token_platform)
    throwUnexpectedTokenProtocol(*entry, "protocol_data.platform is not a string");
  if (*token_platform != platform) {
    throwUnexpectedTokenProtocol(
        *entry, "its platform is " + token_platform->substr(0, 40) + ", not " + platform);
  }
  const auto contract = entry->protocolString("contract_address");
  if (!contract)
    throwUnexpectedTokenProtocol(*entry, "protocol_data.contract_address is not a string");
  TokenEntry out;
  out.contract_address = *contract;
  if (auto decimals = entry->unsignedInt("decimals"); decimals && *decimals <= 77)
    out.decimals = static_cast<unsigned>(*decimals);
  out.required_confirmations = required_confirmations.value_or(3);
  return out;
}

}  // namespace walletd

// ERC20 token plans from the coins file.
#include "core/coins/evm/erc20_token_plan.h"

#include "core/coins/evm/eth_activation_errors.h"
#include "core/encoding/encoding_error.h"
#include "core/node/node.h"

namespace walletd {

std::string protocolOf(const CoinEntry& entry) {
  return entry.protocol_type.empty() ? "none" : entry.protocol_type;
}

Erc20TokenPlan planErc20Token(const Node& node, const std::string& platform,
                              const std::string& ticker,
                              std::optional<std::uint32_t> required_confirmations) {
  const CoinEntry* entry = node.coins().find(ticker);
  if (entry == nullptr) {
    throw rpcError(EnablePlatformError::TokenConfigIsNotFound,
                   "Token " + ticker + " config is not found", Json(ticker));
  }
  const Json data = entry->conf["protocol"].value("protocol_data", Json::object());
  if (entry->protocol_type != "ERC20" || !data.is_object() ||
      data.value("platform", "") != platform) {
    throw rpcError(EnablePlatformError::UnexpectedTokenProtocol,
                   "Unexpected token protocol " + protocolOf(*entry) + " for " + ticker,
                   Json{{"ticker", ticker}, {"protocol", entry->conf.value("protocol", Json())}});
  }
  Erc20TokenPlan plan;
  plan.ticker = ticker;
  try {
    plan.contract = parseEthAddress(data.value("contract_address", ""), false);
  } catch (const EncodingError& e) {
    throw rpcError(EnablePlatformError::UnexpectedTokenProtocol,
                   std::string("Invalid contract address: ") + e.what(),
                   Json{{"ticker", ticker}, {"protocol", entry->conf["protocol"]}});
  }
  if (entry->conf.contains("decimals") && entry->conf["decimals"].is_number_unsigned())
    plan.decimals = entry->conf["decimals"].get<unsigned>();
  plan.required_confirmations = required_confirmations.value_or(3);
  return plan;
}

}  // namespace walletd

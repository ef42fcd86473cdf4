// Fuzz target: the KDF coins-file loader and the typed entry accessors.
#include <cstdint>
#include <string>

#include "core/coins/coins_config.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  try {
    walletd::CoinsConfig coins = walletd::CoinsConfig::fromText(text);
    for (const std::string& ticker : coins.tickers()) {
      const walletd::CoinEntry* entry = coins.find(ticker);
      (void)entry->protocolName();
      (void)entry->string("name");
      (void)entry->unsignedInt("decimals");
      (void)entry->protocolString("contract_address");
      (void)entry->protocolUnsigned("chain_id");
    }
  } catch (const std::exception&) {
    // A refused file is fine; a crash or a sanitizer report is not.
  }
  return 0;
}

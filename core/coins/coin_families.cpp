// The family list: the only shared file a new family touches (one line below). EVM, TRON and UTXO
// (Electrum and Native modes) are complete; Tendermint and ZHTLC are listed for their address
// codecs so far.
#include "core/coins/coin_family.h"
#include "core/coins/evm/evm_family.h"
#include "core/coins/tendermint/tendermint_family.h"
#include "core/coins/tron/tron_family.h"
#include "core/coins/utxo/utxo_family.h"
#include "core/coins/zhtlc/zhtlc_family.h"

namespace walletd {

CoinFamilies::CoinFamilies(std::vector<std::shared_ptr<const CoinFamily>> families)
    : families_(std::move(families)) {}

const CoinFamily* CoinFamilies::forProtocol(std::string_view protocol_type) const {
  for (const auto& family : families_) {
    for (std::string_view type : family->protocolTypes()) {
      if (type == protocol_type) return family.get();
    }
  }
  return nullptr;
}

std::unique_ptr<AddressCodec> CoinFamilies::codecFor(const CoinEntry& coin,
                                                     const CoinsConfig& coins) const {
  const CoinFamily* family = forProtocol(coin.protocol_type);
  if (family == nullptr) {
    throw CoinRulesError("Unsupported protocol for " + coin.ticker + ": " + coin.protocolName());
  }
  return family->addressCodec(coin, coins);
}

const CoinFamilies& builtInFamilies() {
  static const CoinFamilies families({
      std::make_shared<EvmFamily>(),
      std::make_shared<UtxoFamily>(),
      std::make_shared<TronFamily>(),
      std::make_shared<TendermintFamily>(),
      std::make_shared<ZhtlcFamily>(),
  });
  return families;
}

}  // namespace walletd

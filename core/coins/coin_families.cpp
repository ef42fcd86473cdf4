// The family list: the only shared file a new family touches (one line below).
#include "core/coins/coin_family.h"
#include "core/coins/evm/evm_family.h"

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

const CoinFamilies& builtInFamilies() {
  static const CoinFamilies families({
      std::make_shared<EvmFamily>(),
  });
  return families;
}

}  // namespace walletd

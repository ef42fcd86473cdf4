// TronFamily's address codec.
#include "core/coins/tron/tron_family.h"

#include "core/coins/tron/tron_address_codec.h"

namespace walletd {

std::unique_ptr<AddressCodec> TronFamily::addressCodec(const CoinEntry&, const CoinsConfig&) const {
  return std::make_unique<TronAddressCodec>();
}

}  // namespace walletd

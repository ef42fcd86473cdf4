// TronFamily's address codec and its own methods.
#include "core/coins/tron/tron_family.h"

#include "core/coins/tron/gasless/gasless_methods.h"
#include "core/coins/tron/tron_address_codec.h"

namespace walletd {

void TronFamily::registerMethods(MethodTable& table) const {
  registerGaslessMethods(table);
}

std::unique_ptr<AddressCodec> TronFamily::addressCodec(const CoinEntry&, const CoinsConfig&) const {
  return std::make_unique<TronAddressCodec>();
}

}  // namespace walletd

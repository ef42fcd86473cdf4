// EvmFamily's own methods.
#include "core/coins/evm/evm_family.h"

#include "core/coins/evm/evm_address_codec.h"
#include "core/coins/evm/evm_coins.h"

#include "core/coins/evm/swap_fee_policy.h"

namespace walletd {

void EvmFamily::registerMethods(MethodTable& table) const {
  registerSwapFeePolicyMethods(table);
  table.declare("EthRawTxInfo", ethRawTxInfoType());
}

std::unique_ptr<AddressCodec> EvmFamily::addressCodec(const CoinEntry&, const CoinsConfig&) const {
  return std::make_unique<EvmAddressCodec>();
}

}  // namespace walletd

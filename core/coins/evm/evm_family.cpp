// EvmFamily's own methods.
#include "core/coins/evm/evm_family.h"

#include "core/coins/evm/swap_fee_policy.h"

namespace walletd {

void EvmFamily::registerMethods(MethodTable& table) const {
  registerSwapFeePolicyMethods(table);
}

}  // namespace walletd

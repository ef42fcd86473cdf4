// The one method table of this build: each feature contributes its entries here, once.
#include "core/coins/coin_methods.h"
#include "core/coins/evm/erc20_activation.h"
#include "core/coins/evm/eth_activation.h"
#include "core/coins/evm/eth_sign_raw.h"
#include "core/coins/evm/swap_fee_policy.h"
#include "core/coins/withdraw_methods.h"
#include "core/node/node_methods.h"
#include "core/rpc/method_table.h"
#include "core/stream/stream_methods.h"
#include "core/wallet/addresses/address_methods.h"
#include "core/wallet/gui_storage/gui_storage_methods.h"
#include "core/wallet/keys/key_export_methods.h"

namespace walletd {

const MethodTable& methodTable() {
  static const MethodTable table = [] {
    MethodTable t;
    registerNodeMethods(t);
    registerCoinMethods(t);
    registerEthActivationMethods(t);
    registerErc20ActivationMethods(t);
    registerSignRawTransactionMethods(t);
    registerWithdrawMethods(t);
    registerSwapFeePolicyMethods(t);
    registerStreamMethods(t);
    registerGuiStorageMethods(t);
    registerKeyExportMethods(t);
    registerAddressMethods(t);
    return t;
  }();
  return table;
}

}  // namespace walletd

// The method list.
#include "core/node/method_list.h"

#include "core/coins/activation_methods.h"
#include "core/coins/address_methods.h"
#include "core/coins/balance_stream_methods.h"
#include "core/coins/coin_methods.h"
#include "core/coins/hd_methods.h"
#include "core/coins/key_export_methods.h"
#include "core/coins/legacy_enable.h"
#include "core/coins/staking_methods.h"
#include "core/coins/transaction_methods.h"
#include "core/coins/withdraw_methods.h"
#include "core/hardware/trezor/trezor_methods.h"
#include "core/node/node_methods.h"
#include "core/stream/stream_methods.h"
#include "core/wallet/gui_storage/gui_storage_methods.h"
#include "core/walletconnect/wc_methods.h"

namespace walletd {

MethodTable buildMethodTable(const CoinFamilies& families) {
  MethodTable t;
  registerNodeMethods(t);
  registerCoinMethods(t);
  registerActivationMethods(t);
  registerLegacyEnable(t);
  registerTransactionMethods(t);
  registerWithdrawMethods(t, families);
  registerStakingMethods(t);
  for (const auto& family : families.all()) family->registerMethods(t);
  registerHdMethods(t);
  registerBalanceStreamMethods(t);
  registerStreamMethods(t);
  registerGuiStorageMethods(t);
  registerKeyExportMethods(t);
  registerAddressMethods(t);
  registerWalletConnectMethods(t);
  registerTrezorMethods(t);
  return t;
}

}  // namespace walletd

// task::enable_qtum::init|status|user_action|cancel: KDF's activation of a QTUM-protocol coin
// (QTUM, tQTUM) with UtxoActivationParams — the UTXO activation on the QTUM chain profile
// (qtum_chain.h), with KDF's InitStandaloneCoinError; a QRC20 ticker is UnexpectedCoinProtocol,
// as in KDF.
#pragma once

#include "core/rpc/method_table.h"

namespace walletd {

void registerQtumActivation(MethodTable& table);

}  // namespace walletd

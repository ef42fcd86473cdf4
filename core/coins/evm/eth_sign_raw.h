// sign_raw_transaction for EVM coins (KDF's `{coin, type: "ETH", tx: {to?, value?, data?,
// gas_limit, pay_for_gas?}}` → {tx_hex}; spec RawTxInfo): signs, with the coin's activated
// address, a transaction the caller describes — a plain transfer, a contract call or a contract
// creation (no `to`). `pay_for_gas` (spec PayForGas) sets the fee: {tx_type: "Legacy", gas_price}
// or {tx_type: "Eip1559", max_fee_per_gas, max_priority_fee_per_gas} in gwei; without it the fee
// is estimated as for withdraw. Nothing is broadcast (send_raw_transaction does that).
#pragma once

#include "core/rpc/method_table.h"

namespace walletd {

void registerSignRawTransactionMethods(MethodTable& table);

}  // namespace walletd

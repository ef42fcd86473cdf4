// A QTUM spend that makes one contract call (a QRC20 transfer, a delegation), as KDF builds
// them: the call's output worth 0, its whole gas (limit × price) left to the fee beyond the
// size's, dust 0, the coin's own address only (QTUM's EVM takes the first input's address as
// the sender); and KDF's Qrc20 fee details for it, in QTUM's 8 decimals.
#pragma once

#include <string>

#include "core/coins/utxo/qtum/contract_call.h"
#include "core/coins/utxo/utxo_coin.h"

namespace walletd {

constexpr unsigned kQtumDecimals = 8;

// Satoshis as QTUM.
std::string qtumAmount(std::uint64_t satoshis);
// The spend order of `call` (the caller adds progress, broadcast, the NotSufficientBalance coin).
UtxoSpendOrder contractCallOrder(const ContractCall& call);
// {type: "Qrc20", coin, miner_fee, gas_limit, gas_price, total_gas_fee} of the signed spend.
Qrc20FeeDetails contractCallFee(std::string coin, const ContractCall& call, const UtxoSpend& spent);

}  // namespace walletd

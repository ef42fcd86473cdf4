// enable_erc20 {ticker, activation_params: {required_confirmations?}}: adds one ERC20 token to an
// active EVM platform. Answers KDF's Erc20InitResult {balances: {<address>: BalanceInfo},
// platform_coin, token_contract_address, required_confirmations}; errors are KDF's
// EnableTokenError.
#pragma once

#include "core/rpc/method_table.h"

namespace walletd {

void registerErc20ActivationMethods(MethodTable& table);

}  // namespace walletd

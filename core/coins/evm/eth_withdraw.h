// withdraw for EVM coins (spec §4.1): ETH and ERC20, legacy (EthGas) or EIP-1559 (EthGasEip1559,
// or estimated when the coin allows type 2), `max`, KDF's truncation to the coin's decimals,
// balance checks (an ERC20 withdraw short of gas money names the platform coin), and broadcast.
#pragma once

#include <memory>

#include "core/coins/evm/evm_coins.h"
#include "core/coins/withdraw_request.h"

namespace walletd {

class Node;

// `token` is null for the platform coin itself.
Task<Json> evmWithdraw(Node& node, std::shared_ptr<EthPlatform> platform,
                       std::shared_ptr<Erc20Token> token, WithdrawRequest request);

// eth_sendRawTransaction; returns the hash without 0x (as withdraw's tx_hash).
Task<std::string> evmSendRawTransaction(EthPlatform& platform, const std::string& tx_hex);

}  // namespace walletd

// withdraw for EVM coins (spec §4.1): ETH and ERC20, legacy (EthGas) or EIP-1559 (EthGasEip1559,
// or estimated when the coin allows type 2), `max`, KDF's truncation to the coin's decimals,
// balance checks (an ERC20 withdraw short of gas money names the platform coin), and broadcast.
// EthPlatform::withdraw and Erc20Token::withdraw are defined in eth_withdraw.cpp.
#pragma once

#include "core/coins/evm/evm_coins.h"

namespace walletd {

// eth_sendRawTransaction; returns the hash without 0x (as withdraw's tx_hash).
Task<std::string> evmSendRawTransaction(EthPlatform& platform, const Bytes& tx);

}  // namespace walletd

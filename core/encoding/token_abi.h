// The token calls walletd makes (ERC20 on EVM chains, TRC20 on TRON: the same ABI), ABI-encoded:
// transfer(address,uint256), balanceOf(address), decimals(); and the uint256 a call returns.
#pragma once

#include <optional>
#include <string_view>

#include "core/encoding/eth_address.h"
#include "core/encoding/uint256.h"

namespace walletd {

Bytes erc20TransferData(const EthAddress& to, const UInt256& amount);
Bytes erc20BalanceOfData(const EthAddress& owner);
Bytes erc20DecimalsData();
// The first 32-byte word of an eth_call result ("0x" + hex); nullopt when it is not one.
std::optional<UInt256> decodeUint256Result(std::string_view hex);

}  // namespace walletd

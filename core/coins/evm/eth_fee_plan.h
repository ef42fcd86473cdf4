// How an EVM transaction pays for gas: a legacy gas price or EIP-1559 fee caps, set by the caller
// (withdraw's EthGas / EthGasEip1559, sign_raw_transaction's PayForGas; gwei) or estimated from
// the node — KDF's `Simple` estimator idea: the next block's base fee from eth_feeHistory,
// doubled, plus the median recent priority fee (at least 1 gwei); eth_gasPrice when the coin
// allows only legacy transactions. Also the `Eth` fee_details of a TransactionDetails.
#pragma once

#include <optional>
#include <stdexcept>

#include "core/coins/evm/evm_coins.h"
#include "core/coins/evm/evm_transaction.h"
#include "core/coins/withdraw_fee.h"
#include "core/encoding/decimal.h"

namespace walletd {

struct EvmFeePlan {
  EvmTransaction::Type type = EvmTransaction::Type::Legacy;
  UInt256 gas_price;     // legacy
  UInt256 max_fee;       // EIP-1559
  UInt256 priority_fee;  // EIP-1559
  UInt256 pricePerGas() const { return type == EvmTransaction::Type::Legacy ? gas_price : max_fee; }
};

// A caller's fee the platform cannot use; each method maps it to its own error family.
struct EvmFeeError : std::runtime_error {
  enum class Kind {
    NotAllowed,  // EIP-1559 on a coin whose max_eth_tx_type < 2
    BadValue     // out of range, or priority above the cap
  };
  EvmFeeError(Kind k, const std::string& reason) : std::runtime_error(reason), kind(k) {}
  Kind kind;
};

// Caller-set fees in gwei. Throw EvmFeeError.
EvmFeePlan legacyFeePlan(const Decimal& gas_price_gwei);
EvmFeePlan eip1559FeePlan(const EthPlatform& platform, const Decimal& max_fee_per_gas_gwei,
                          const Decimal& max_priority_fee_per_gas_gwei);
// Throws NodesUnavailable (a TransportFailure) when the node's answers are unusable.
Task<EvmFeePlan> estimateFeePlan(EthPlatform& platform);

// eth_estimateGas for `tx` sent from `from` (NodesUnavailable when the answer is unusable).
Task<std::uint64_t> estimateGasLimit(EthPlatform& platform, EthAddress from, EvmTransaction tx);

// The `Eth` fee_details: price per gas × gas, with the EIP-1559 caps when the plan has them.
EthFeeDetails evmFeeDetails(const std::string& coin, const EvmFeePlan& plan, std::uint64_t gas);

}  // namespace walletd

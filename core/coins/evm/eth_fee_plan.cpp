// EVM fee plans: gwei conversion, the caller's checks, and the node-based estimate.
#include "core/coins/evm/eth_fee_plan.h"

#include <algorithm>
#include <vector>

#include "core/encoding/hex.h"

namespace walletd {
namespace {

UInt256 gweiToWei(const Decimal& amount, const char* field) {
  if (!amount.str().empty() && amount.str()[0] == '-')
    throw EvmFeeError(EvmFeeError::Kind::BadValue, std::string(field) + " must not be negative");
  auto value = UInt256::fromDecimal(amount.str(), 9);
  if (!value)
    throw EvmFeeError(EvmFeeError::Kind::BadValue, std::string(field) + " is out of range");
  return *value;
}

}  // namespace

EvmFeePlan legacyFeePlan(const Decimal& gas_price_gwei) {
  EvmFeePlan plan;
  plan.gas_price = gweiToWei(gas_price_gwei, "gas_price");
  return plan;
}

EvmFeePlan eip1559FeePlan(const EthPlatform& platform, const Decimal& max_fee_per_gas_gwei,
                          const Decimal& max_priority_fee_per_gas_gwei) {
  if (platform.maxTxType() < 2) {
    throw EvmFeeError(EvmFeeError::Kind::NotAllowed, "EIP-1559 transactions are not enabled for " +
                                                         platform.ticker() +
                                                         " (max_eth_tx_type < 2)");
  }
  EvmFeePlan plan;
  plan.type = EvmTransaction::Type::Eip1559;
  plan.max_fee = gweiToWei(max_fee_per_gas_gwei, "max_fee_per_gas");
  plan.priority_fee = gweiToWei(max_priority_fee_per_gas_gwei, "max_priority_fee_per_gas");
  if (plan.priority_fee > plan.max_fee) {
    throw EvmFeeError(EvmFeeError::Kind::BadValue,
                      "max_priority_fee_per_gas is above max_fee_per_gas");
  }
  return plan;
}

Task<EvmFeePlan> estimateFeePlan(EthPlatform& platform) {
  EvmFeePlan plan;
  if (platform.maxTxType() >= 2) {
    Json params = Json::array({"0x5", "latest", Json::array({50})});
    const Json history = co_await platform.rpc().call("eth_feeHistory", params);
    if (!history.is_object())
      throw NodesUnavailable("the node answered eth_feeHistory with " +
                             history.dump().substr(0, 40));
    const Json base_fees = history.value("baseFeePerGas", Json::array());
    if (!base_fees.is_array() || base_fees.empty())
      throw NodesUnavailable("the node answered eth_feeHistory without baseFeePerGas");
    const UInt256 next_base = nodeQuantity(base_fees.back(), "eth_feeHistory");
    std::vector<UInt256> rewards;
    for (const Json& block : history.value("reward", Json::array())) {
      if (block.is_array() && !block.empty())
        rewards.push_back(nodeQuantity(block[0], "eth_feeHistory"));
    }
    std::sort(rewards.begin(), rewards.end());
    const UInt256 floor_priority = *UInt256::fromDecimal("1", 9);
    UInt256 priority = rewards.empty() ? floor_priority : rewards[rewards.size() / 2];
    if (priority < floor_priority) priority = floor_priority;
    plan.type = EvmTransaction::Type::Eip1559;
    plan.priority_fee = priority;
    plan.max_fee = *next_base.mulSmall(2)->add(priority);
    co_return plan;
  }
  const Json price = co_await platform.rpc().call("eth_gasPrice", Json::array());
  plan.gas_price = nodeQuantity(price, "eth_gasPrice");
  co_return plan;
}

Task<std::uint64_t> estimateGasLimit(EthPlatform& platform, EthAddress from, EvmTransaction tx) {
  Json call = Json::object();
  call["from"] = eip55Checksum(from);
  if (tx.to) call["to"] = eip55Checksum(*tx.to);
  call["value"] = tx.value.toHexQuantity();
  call["data"] = "0x" + toHex(tx.data);
  Json params = Json::array({call});
  const auto estimated =
      nodeQuantity(co_await platform.rpc().call("eth_estimateGas", params), "eth_estimateGas")
          .toUint64();
  if (!estimated) throw NodesUnavailable("the node answered eth_estimateGas out of range");
  co_return *estimated;
}

EthFeeDetails evmFeeDetails(const std::string& coin, const EvmFeePlan& plan, std::uint64_t gas) {
  EthFeeDetails out;
  out.coin = coin;
  out.gas = gas;
  out.gas_price = plan.pricePerGas().toDecimal(18);
  out.total_fee = plan.pricePerGas().mulSmall(gas)->toDecimal(18);
  if (plan.type == EvmTransaction::Type::Eip1559) {
    out.max_fee_per_gas = plan.max_fee.toDecimal(18);
    out.max_priority_fee_per_gas = plan.priority_fee.toDecimal(18);
  }
  return out;
}

}  // namespace walletd

// EVM withdraw. Node calls, in order: eth_getTransactionCount (pending), eth_getBalance (and
// balanceOf for a token), the fee source (eth_gasPrice or eth_feeHistory unless the request sets
// fees), eth_estimateGas unless the request sets gas, and eth_sendRawTransaction with broadcast.
#include "core/coins/evm/eth_withdraw.h"

#include <algorithm>

#include "core/coins/evm/erc20_abi.h"
#include "core/coins/evm/evm_transaction.h"
#include "core/coins/node_errors.h"
#include "core/encoding/encoding_error.h"
#include "core/encoding/hex.h"
#include "core/node/node.h"

namespace walletd {
namespace {

UInt256 gwei(const Decimal& amount, const char* field) {
  auto value = UInt256::fromDecimal(amount.str(), 9);
  if (!value)
    throw rpcError(WithdrawError::InvalidFee,
                   std::string("Invalid fee: ") + field + " is out of range",
                   Json{{"reason", std::string(field) + " is out of range"}});
  return *value;
}

[[noreturn]] void insufficient(const std::string& coin, const UInt256& available,
                               const UInt256& required, unsigned decimals) {
  const std::string a = available.toDecimal(decimals);
  const std::string r = required.toDecimal(decimals);
  throw rpcError(WithdrawError::NotSufficientBalance,
                 "Not enough " + coin + " to withdraw: available " + a + ", required at least " + r,
                 Json{{"coin", coin}, {"available", a}, {"required", r}});
}

std::string smallestUnit(unsigned decimals) {
  return UInt256(1).toDecimal(decimals);
}

struct FeePlan {
  EvmTransaction::Type type = EvmTransaction::Type::Legacy;
  UInt256 gas_price;     // legacy
  UInt256 max_fee;       // EIP-1559
  UInt256 priority_fee;  // EIP-1559
  std::optional<std::uint64_t> gas;
  UInt256 pricePerGas() const { return type == EvmTransaction::Type::Legacy ? gas_price : max_fee; }
};

// The fee the request sets, or the one estimated from the node (KDF's `Simple` estimator idea:
// the next block's base fee from eth_feeHistory, doubled, plus the median recent priority fee).
Task<FeePlan> planFees(EthPlatform& platform, const std::optional<FeeInfo>& fee) {
  FeePlan plan;
  if (fee && fee->type == FeeInfo::Type::EthGas) {
    plan.gas_price = gwei(*fee->gas_price, "gas_price");
    plan.gas = fee->gas;
    co_return plan;
  }
  if (fee && fee->type == FeeInfo::Type::EthGasEip1559) {
    if (platform.maxTxType() < 2) {
      throw rpcError(WithdrawError::InvalidFeePolicy,
                     "EIP-1559 transactions are not enabled for " + platform.ticker() +
                         " (max_eth_tx_type < 2)",
                     Json("EIP-1559 transactions are not enabled for " + platform.ticker()));
    }
    plan.type = EvmTransaction::Type::Eip1559;
    plan.max_fee = gwei(*fee->max_fee_per_gas, "max_fee_per_gas");
    plan.priority_fee = gwei(*fee->max_priority_fee_per_gas, "max_priority_fee_per_gas");
    if (plan.priority_fee > plan.max_fee) {
      const std::string reason = "max_priority_fee_per_gas is above max_fee_per_gas";
      throw rpcError(WithdrawError::InvalidFee, "Invalid fee: " + reason, Json{{"reason", reason}});
    }
    plan.gas = fee->gas;
    co_return plan;
  }
  if (platform.maxTxType() >= 2) {
    Json params = Json::array({"0x5", "latest", Json::array({50})});
    const Json history = co_await platform.rpc().call("eth_feeHistory", params);
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

Json feeDetails(const std::string& coin, const FeePlan& plan, std::uint64_t gas) {
  const UInt256 total = *plan.pricePerGas().mulSmall(gas);
  Json out = Json::object();
  out["type"] = "Eth";
  out["coin"] = coin;
  out["gas"] = gas;
  out["gas_price"] = plan.pricePerGas().toDecimal(18);
  out["total_fee"] = total.toDecimal(18);
  if (plan.type == EvmTransaction::Type::Eip1559) {
    out["max_fee_per_gas"] = plan.max_fee.toDecimal(18);
    out["max_priority_fee_per_gas"] = plan.priority_fee.toDecimal(18);
  } else {
    out["max_fee_per_gas"] = nullptr;
    out["max_priority_fee_per_gas"] = nullptr;
  }
  return out;
}

Task<Json> buildWithdraw(Node& node, std::shared_ptr<EthPlatform> platform,
                         std::shared_ptr<Erc20Token> token, WithdrawRequest req) {
  const std::string coin = token ? token->ticker() : platform->ticker();
  const unsigned decimals = token ? token->decimals() : 18;
  if (req.fee && req.fee->type != FeeInfo::Type::EthGas &&
      req.fee->type != FeeInfo::Type::EthGasEip1559) {
    const std::string message = "Fee type " + req.fee->typeName() + " is not supported by " + coin +
                                " (EVM coins take EthGas)";
    throw rpcError(WithdrawError::InvalidFeePolicy, message, Json(message));
  }
  if (req.from && platform->hdWallet() == nullptr) {
    const std::string message =
        "`from` selects an HD address, but " + coin + " is activated with the Iguana key";
    throw rpcError(WithdrawError::UnexpectedFromAddress, message, Json(message));
  }
  const EvmSigner sender =
      req.from ? platform->hdWallet()->signerFor(*req.from) : platform->signer();
  EthAddress to{};
  try {
    to = parseEthAddress(req.to, true);
  } catch (const EncodingError& e) {
    throw rpcError(WithdrawError::InvalidAddress, std::string("Invalid address: ") + e.what(),
                   Json(std::string(e.what())));
  }
  UInt256 amount;
  if (!req.max) {
    auto parsed = UInt256::fromDecimal(req.amount.str(),
                                       decimals);  // extra decimals are truncated, as in KDF
    if (!parsed) throwInvalidParams("params.amount: out of range");
    amount = *parsed;
    if (amount.isZero()) {
      throw rpcError(WithdrawError::AmountTooLow,
                     "The amount " + req.amount.str() + " is too small, required at least " +
                         smallestUnit(decimals),
                     Json{{"amount", req.amount.str()}, {"threshold", smallestUnit(decimals)}});
    }
  }

  const UInt256 nonce = co_await platform->transactionCount(sender.address, "pending");
  const UInt256 eth_balance = co_await platform->balanceWei(sender.address);
  UInt256 token_balance;
  if (token) token_balance = co_await platform->tokenBalance(token->contract(), sender.address);
  if (req.max) {
    if ((token ? token_balance : eth_balance).isZero()) {
      throw rpcError(WithdrawError::ZeroBalanceToWithdrawMax, "Balance is zero");
    }
    if (token) amount = token_balance;
  }
  // Checked before gas estimation: a node refuses to estimate a transfer the balance cannot cover.
  if (token && token_balance < amount) insufficient(coin, token_balance, amount, decimals);
  if (!token && !req.max && eth_balance < amount) insufficient(coin, eth_balance, amount, 18);
  FeePlan fees = co_await planFees(*platform, req.fee);

  EvmTransaction tx;
  tx.type = fees.type;
  tx.chain_id = platform->chainId();
  tx.nonce = nonce;
  tx.gas_price = fees.gas_price;
  tx.max_fee_per_gas = fees.max_fee;
  tx.max_priority_fee_per_gas = fees.priority_fee;
  if (token) {
    tx.to = token->contract();
    tx.data = erc20TransferData(to, amount);
  } else {
    tx.to = to;
    tx.value = req.max ? UInt256() : amount;
  }
  std::uint64_t gas = 0;
  if (fees.gas) {
    gas = *fees.gas;
  } else {
    Json call = Json::object();
    call["from"] = sender.checksumAddress();
    call["to"] = eip55Checksum(*tx.to);
    call["value"] = tx.value.toHexQuantity();
    call["data"] = "0x" + toHex(tx.data);
    Json params = Json::array({call});
    const auto estimated =
        nodeQuantity(co_await platform->rpc().call("eth_estimateGas", params), "eth_estimateGas")
            .toUint64();
    if (!estimated) throw NodesUnavailable("the node answered eth_estimateGas out of range");
    gas = *estimated;
  }
  tx.gas_limit = gas;
  const UInt256 fee = *fees.pricePerGas().mulSmall(gas);
  if (!token) {
    if (req.max) {
      if (eth_balance <= fee) insufficient(coin, eth_balance, fee, 18);
      amount = *eth_balance.sub(fee);
      tx.value = amount;
    } else if (const UInt256 required = *amount.add(fee); eth_balance < required) {
      insufficient(coin, eth_balance, required, 18);
    }
  } else {
    if (eth_balance < fee) insufficient(platform->ticker(), eth_balance, fee, 18);
  }

  const EvmTransaction::Signed signed_tx = tx.sign(sender.key);
  std::string tx_hash = toHex(signed_tx.hash);
  if (req.broadcast) tx_hash = co_await evmSendRawTransaction(*platform, toHex(signed_tx.raw));

  const bool to_self = to == sender.address;
  const UInt256 spent = token ? amount : *amount.add(fee);
  const UInt256 received = to_self ? amount : UInt256();
  std::string change = received.sub(spent) ? received.sub(spent)->toDecimal(decimals)
                                           : spent.sub(received)->toDecimal(decimals);
  if (spent > received) change.insert(change.begin(), '-');
  Json out = Json::object();
  out["tx_hex"] = toHex(signed_tx.raw);
  out["tx_hash"] = tx_hash;
  out["from"] = Json::array({sender.checksumAddress()});
  out["to"] = Json::array({eip55Checksum(to)});
  out["total_amount"] = amount.toDecimal(decimals);
  out["spent_by_me"] = spent.toDecimal(decimals);
  out["received_by_me"] = received.toDecimal(decimals);
  out["my_balance_change"] = change;
  out["block_height"] = 0;
  out["timestamp"] = node.clock().unixMillis() / 1000;
  out["fee_details"] = feeDetails(platform->ticker(), fees, gas);
  out["coin"] = coin;
  out["internal_id"] = "";
  out["transaction_type"] = "StandardTransfer";
  out["memo"] = req.memo ? Json(*req.memo) : Json();
  co_return out;
}

}  // namespace

Task<Json> evmWithdraw(Node& node, std::shared_ptr<EthPlatform> platform,
                       std::shared_ptr<Erc20Token> token, WithdrawRequest request) {
  co_return co_await overNodes(
      buildWithdraw(node, std::move(platform), std::move(token), std::move(request)),
      WithdrawError::Transport);
}

Task<std::string> evmSendRawTransaction(EthPlatform& platform, const std::string& tx_hex) {
  Json params = Json::array({"0x" + tx_hex});
  const Json hash = co_await platform.rpc().call("eth_sendRawTransaction", params);
  std::string text = hash.is_string() ? hash.get<std::string>() : "";
  if (text.rfind("0x", 0) == 0) text = text.substr(2);
  co_return text;
}

}  // namespace walletd

// EVM withdraw. Node calls, in order: eth_getTransactionCount (pending), eth_getBalance (and
// balanceOf for a token), the fee source (eth_gasPrice or eth_feeHistory unless the request sets
// fees), eth_estimateGas unless the request sets gas, and eth_sendRawTransaction with broadcast.
#include "core/coins/evm/eth_withdraw.h"

#include "core/coins/evm/erc20_abi.h"
#include "core/coins/evm/eth_fee_plan.h"
#include "core/coins/evm/evm_transaction.h"
#include "core/coins/node_errors.h"
#include "core/encoding/encoding_error.h"
#include "core/encoding/hex.h"
#include "core/node/node.h"

namespace walletd {
namespace {

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

// The request's fee (EthGas / EthGasEip1559) or the node's estimate; a fee the coin cannot use is
// InvalidFeePolicy (EIP-1559 not allowed) or InvalidFee (bad value).
Task<EvmFeePlan> planFees(EthPlatform& platform, const std::optional<FeeInfo>& fee) {
  if (!fee) co_return co_await estimateFeePlan(platform);
  try {
    if (fee->type == FeeInfo::Type::EthGas) co_return legacyFeePlan(*fee->gas_price);
    co_return eip1559FeePlan(platform, *fee->max_fee_per_gas, *fee->max_priority_fee_per_gas);
  } catch (const EvmFeeError& e) {
    const std::string reason = e.what();
    if (e.kind == EvmFeeError::Kind::NotAllowed)
      throw rpcError(WithdrawError::InvalidFeePolicy, reason, Json(reason));
    throw rpcError(WithdrawError::InvalidFee, "Invalid fee: " + reason, Json{{"reason", reason}});
  }
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

  std::optional<AsyncMutex::Guard> send_guard;
  if (req.broadcast) {
    AsyncMutex::Guard guard = co_await platform->sendLock().scoped();
    send_guard.emplace(std::move(guard));
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
  EvmFeePlan fees = co_await planFees(*platform, req.fee);

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
  if (req.fee && req.fee->gas) {
    gas = *req.fee->gas;
  } else {
    gas = co_await estimateGasLimit(*platform, sender.address, tx);
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
  out["fee_details"] = evmFeeDetails(platform->ticker(), fees, gas);
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

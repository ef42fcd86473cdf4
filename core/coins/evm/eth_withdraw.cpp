// EVM withdraw, a pipeline: the plan here, then the platform's key source signs and broadcasts
// (evm_key_source.h). Node calls, in order: eth_getTransactionCount (pending), eth_getBalance (and
// balanceOf for a token), the fee source (eth_gasPrice or eth_feeHistory unless the request sets
// fees), eth_estimateGas unless the request sets gas, and eth_sendRawTransaction with broadcast.
#include "core/coins/evm/eth_withdraw.h"

#include "core/coins/evm/eth_fee_plan.h"
#include "core/coins/evm/evm_transaction.h"
#include "core/coins/withdraw_amounts.h"
#include "core/coins/withdraw_from.h"
#include "core/encoding/encoding_error.h"
#include "core/encoding/hex.h"
#include "core/encoding/token_abi.h"
#include "core/rpc/params_reader.h"

namespace walletd {
namespace {

// The request's fee (EthGas / EthGasEip1559) or the node's estimate; a fee the coin cannot use is
// InvalidFeePolicy (EIP-1559 not allowed) or InvalidFee (bad value).
Task<EvmFeePlan> planFees(EthPlatform& platform, const std::optional<FeeInfo>& fee) {
  if (!fee) co_return co_await estimateFeePlan(platform);
  try {
    if (auto gas = fee->as<EthGasFee>()) co_return legacyFeePlan(gas->gas_price);
    const auto& caps = std::get<EthGasEip1559Fee>(fee->value);
    co_return eip1559FeePlan(platform, caps.max_fee_per_gas, caps.max_priority_fee_per_gas);
  } catch (const EvmFeeError& e) {
    const std::string reason = e.what();
    if (e.kind == EvmFeeError::Kind::NotAllowed)
      throw rpcError(WithdrawError::InvalidFeePolicy, reason, Json(reason));
    throw rpcError(WithdrawError::InvalidFee, "Invalid fee: " + reason, Json{{"reason", reason}});
  }
}

// The gas limit the caller set: EthGas's `gas`, or EthGasEip1559's gas_option Set.
std::optional<std::uint64_t> requestedGas(const std::optional<FeeInfo>& fee) {
  if (!fee) return std::nullopt;
  if (auto gas = fee->as<EthGasFee>()) return gas->gas;
  if (auto caps = fee->as<EthGasEip1559Fee>()) return caps->gas;
  return std::nullopt;
}

// `token` is null for the platform coin itself.
Task<TransactionDetails> evmWithdraw(EthPlatform* platform, const Erc20Token* token,
                                     WithdrawRequest req) {
  const std::string coin = token ? token->ticker() : platform->ticker();
  const unsigned decimals = token ? token->decimals() : 18;
  if (req.fee && !req.fee->as<EthGasFee>() && !req.fee->as<EthGasEip1559Fee>()) {
    const std::string message = "Fee type " + req.fee->typeName() + " is not supported by " + coin +
                                " (EVM coins take EthGas)";
    throw rpcError(WithdrawError::InvalidFeePolicy, message, Json(message));
  }
  const EvmKeySource& keys = platform->keySource();
  if (keys.signsOnlyWhenSending() && !req.broadcast) {
    const std::string message = coin + " is signed by a browser wallet, which signs and sends in " +
                                "one step: withdraw with broadcast: true";
    throw rpcError(WithdrawError::BroadcastExpected, message, Json(message));
  }
  if (req.from && platform->hdWallet() == nullptr) {
    const std::string message =
        "`from` selects an HD address, but " + coin + " is activated with the Iguana key";
    throw rpcError(WithdrawError::UnexpectedFromAddress, message, Json(message));
  }
  const KeccakAccountKey sender =
      req.from
          ? platform->hdWallet()->keccakKeyAt(resolveWithdrawFrom(*platform->hdWallet(), *req.from))
          : platform->signer();
  EthAddress to{};
  try {
    to = parseEthAddress(req.to, true);
  } catch (const EncodingError& e) {
    throw rpcError(WithdrawError::InvalidAddress, std::string("Invalid address: ") + e.what(),
                   Json(std::string(e.what())));
  }
  UInt256 amount = req.max ? UInt256() : requestedUnits(req, decimals);

  req.progress.generating();
  std::optional<AsyncMutex::Guard> send_guard;
  if (req.broadcast) {
    AsyncMutex::Guard guard = co_await platform->sendLock().scoped();
    send_guard.emplace(std::move(guard));
  }
  const UInt256 nonce = co_await platform->transactionCount(sender.account, "pending");
  const UInt256 eth_balance = co_await platform->balanceWei(sender.account);
  UInt256 token_balance;
  if (token) token_balance = co_await platform->tokenBalance(token->contract(), sender.account);
  if (req.max) {
    if ((token ? token_balance : eth_balance).isZero()) {
      throw rpcError(WithdrawError::ZeroBalanceToWithdrawMax, "Balance is zero");
    }
    if (token) amount = token_balance;
  }
  // Checked before gas estimation: a node refuses to estimate a transfer the balance cannot cover.
  if (token && token_balance < amount)
    throwNotSufficientBalance(coin, token_balance, amount, decimals);
  if (!token && !req.max && eth_balance < amount)
    throwNotSufficientBalance(coin, eth_balance, amount, 18);
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
  if (auto requested = requestedGas(req.fee)) {
    gas = *requested;
  } else {
    gas = co_await estimateGasLimit(*platform, sender.account, tx);
  }
  tx.gas_limit = gas;
  const UInt256 fee = *fees.pricePerGas().mulSmall(gas);
  if (!token) {
    if (req.max) {
      if (eth_balance <= fee) throwNotSufficientBalance(coin, eth_balance, fee, 18);
      amount = *eth_balance.sub(fee);
      tx.value = amount;
    } else if (const UInt256 required = *amount.add(fee); eth_balance < required) {
      throwNotSufficientBalance(coin, eth_balance, required, 18);
    }
  } else {
    if (eth_balance < fee) throwNotSufficientBalance(platform->ticker(), eth_balance, fee, 18);
  }

  // Sign, then broadcast: both steps are the key source's (evm_key_source.h).
  req.progress.signing();
  const std::optional<EvmTransaction::Signed> signed_tx =
      co_await keys.sign(sender, tx, req.broadcast, req.progress);
  req.progress.finishing();
  std::string tx_hash = signed_tx ? toHex(signed_tx->hash) : std::string();
  if (req.broadcast) tx_hash = co_await keys.send(*platform, sender.account, tx, signed_tx);

  const bool to_self = to == sender.account;
  const UInt256 spent = token ? amount : *amount.add(fee);
  const UInt256 received = to_self ? amount : UInt256();
  TransactionDetails out;
  out.tx_hex = signed_tx ? toHex(signed_tx->raw) : "";  // a wallet that sent hands out no bytes
  out.tx_hash = tx_hash;
  out.from = {eip55Checksum(sender.account)};
  out.to = {eip55Checksum(to)};
  out.setAmounts(amount, spent, received, decimals);
  out.timestamp = platform->clock().unixMillis() / 1000;
  out.fee_details.value = evmFeeDetails(platform->ticker(), fees, gas);
  out.coin = coin;
  out.memo = req.memo;
  co_return out;
}

}  // namespace

Task<TransactionDetails> EthPlatform::withdraw(WithdrawRequest request) {
  return evmWithdraw(this, nullptr, std::move(request));
}

Task<TransactionDetails> Erc20Token::withdraw(WithdrawRequest request) {
  return evmWithdraw(platform_.get(), this, std::move(request));
}

Task<std::string> evmSendRawTransaction(EthPlatform& platform, const Bytes& tx) {
  Json params = Json::array({"0x" + toHex(tx)});
  const Json hash = co_await platform.rpc().call("eth_sendRawTransaction", params);
  std::string text = hash.is_string() ? hash.get<std::string>() : "";
  if (text.rfind("0x", 0) == 0) text = text.substr(2);
  co_return text;
}

namespace {

// The platform's answer to send_raw_transaction (tx_hex; tx_json is refused by ActiveCoin).
Task<std::string> sendRaw(EthPlatform& platform, SendRawRequest request) {
  co_return co_await evmSendRawTransaction(platform, *request.tx_bytes);
}

}  // namespace

Task<std::string> EthPlatform::sendRawTransaction(SendRawRequest request) {
  return sendRaw(*this, std::move(request));
}

Task<std::string> Erc20Token::sendRawTransaction(SendRawRequest request) {
  return sendRaw(*platform_, std::move(request));
}

}  // namespace walletd

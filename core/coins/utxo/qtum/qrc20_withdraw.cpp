// QRC20 withdraw, as KDF's qrc20_withdraw: a QTUM transaction from the token's address whose
// first output calls the contract's transfer(to, amount) (OP_CALL, value 0) with the request's
// Qrc20Gas (default 100,000 gas at 40 satoshis), its inputs paying the miner's fee by the coins
// file's rate plus the whole gas reserve (gas_limit × gas_price; what the call does not burn
// comes back later in a coinstake), change to the token's address. Only a P2PKH address can
// receive. Amounts answer in the token's decimals; fee_details is of type Qrc20 in QTUM's 8
// decimals (KDF scales them by the token's decimals, a bug). Short of QTUM for gas and fee, the
// NotSufficientBalance names the platform coin in its own decimals (KDF names it too, but in
// the token's decimals).
#include "core/coins/utxo/qtum/contract_spend.h"
#include "core/coins/utxo/qtum/qrc20_coin.h"
#include "core/coins/withdraw_amounts.h"
#include "core/encoding/token_abi.h"

namespace walletd {
namespace {

constexpr std::uint64_t kDefaultGasLimit = 100'000;  // KDF's QRC20_GAS_LIMIT_DEFAULT
constexpr std::uint64_t kDefaultGasPrice = 40;       // KDF's QRC20_GAS_PRICE_DEFAULT
// Above QTUM's whole supply (about 1.1e16 satoshis): no real gas reserve comes near it, and the
// spend's sums stay far from overflowing.
constexpr std::uint64_t kMaxGasReserve = 100'000'000'00000000;

[[noreturn]] void refuse(WithdrawError kind, const std::string& message) {
  throw rpcError(kind, message, Json(message));
}

[[noreturn]] void invalidFee(const std::string& reason) {
  throw rpcError(WithdrawError::InvalidFee, "Invalid fee: " + reason, Json{{"reason", reason}});
}

// The request's gas, or KDF's defaults; InvalidFeePolicy for another fee type.
Qrc20GasFee gasOf(const std::optional<FeeInfo>& fee) {
  if (!fee) return {kDefaultGasLimit, kDefaultGasPrice};
  const Qrc20GasFee* gas = fee->as<Qrc20GasFee>();
  if (!gas)
    refuse(WithdrawError::InvalidFeePolicy,
           "Expected 'Qrc20Gas' fee type, found " + fee->typeName());
  if (gas->gas_limit == 0 || gas->gas_price == 0)
    invalidFee("gas_limit and gas_price cannot be zero");
  if (gas->gas_price > kMaxGasReserve / gas->gas_limit)
    invalidFee("gas_limit × gas_price is more QTUM than there is");
  return *gas;
}

}  // namespace

Task<TransactionDetails> Qrc20Coin::withdraw(WithdrawRequest req) {
  if (req.from)
    refuse(WithdrawError::UnexpectedFromAddress,
           ticker() + " is sent from the token's address only");
  if (req.memo) refuse(WithdrawError::UnsupportedError, ticker() + " transfers carry no memo");
  const Qrc20GasFee gas = gasOf(req.fee);
  UtxoAddress to;
  try {
    to = client_->codec().parse(req.to);
  } catch (const std::exception& e) {
    refuse(WithdrawError::InvalidAddress, std::string("Invalid address: ") + e.what());
  }
  if (to.kind != UtxoAddress::Kind::P2PKH)
    refuse(WithdrawError::InvalidAddress, "QRC20 can be sent to P2PKH addresses only");
  req.progress.generating();
  const UInt256 balance = co_await balanceOf(client_->backend(), contract_, holder_);
  UInt256 amount;
  if (req.max) {
    if (balance.isZero())
      throw rpcError(WithdrawError::ZeroBalanceToWithdrawMax, "Balance is zero", Json());
    amount = balance;
  } else {
    amount = requestedUnits(req, decimals_);
    if (balance < amount) throwNotSufficientBalance(ticker(), balance, amount, decimals_);
  }
  EthAddress receiver{};
  std::copy(to.hash.begin(), to.hash.end(), receiver.begin());
  const ContractCall call{gas.gas_limit, gas.gas_price, erc20TransferData(receiver, amount),
                          contract_};

  UtxoSpendOrder order = contractCallOrder(call);  // the holder is the first input's address
  order.balance_coin = *platform();
  order.progress = req.progress;
  order.broadcast = req.broadcast;
  const UtxoSpend spent = co_await client_->spend(std::move(order));

  TransactionDetails details;
  details.tx_hex = spent.hex;
  details.tx_hash = spent.txid;
  details.from = {myAddress()};
  details.to = {req.to};
  const bool to_me = Bytes(to.hash.begin(), to.hash.end()) == Bytes(holder_.begin(), holder_.end());
  details.setAmounts(amount, amount, to_me ? amount : UInt256(0), decimals_);
  details.fee_details.value = contractCallFee(*platform(), call, spent);
  details.coin = ticker();
  details.timestamp = client_->clock().unixMillis() / 1000;
  co_return details;
}

}  // namespace walletd

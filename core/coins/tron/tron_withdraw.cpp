// TRON withdraw (TRX and TRC20), fees always estimated. Node calls, in order: getnowblock (the
// reference block), getchainparameters, getaccountresource and getaccount of the sender, then
// getaccount of the recipient (TRX: does the transfer create it?) or balanceOf and a simulated
// transfer for its energy (TRC20), and broadcasthex with `broadcast`.
#include <climits>

#include "core/async/all_of.h"
#include "core/coins/tron/gasless/gasless_withdraw.h"
#include "core/coins/tron/tron_coins.h"
#include "core/coins/tron/tron_fees.h"
#include "core/coins/tron/tron_transaction.h"
#include "core/coins/tron/tron_withdraw_options.h"
#include "core/coins/withdraw_amounts.h"
#include "core/coins/withdraw_from.h"
#include "core/encoding/encoding_error.h"
#include "core/encoding/hex.h"
#include "core/encoding/token_abi.h"
#include "core/encoding/tron_address.h"
#include "core/rpc/params_reader.h"

namespace walletd {
namespace {

[[noreturn]] void refuse(WithdrawError kind, const std::string& message) {
  throw rpcError(kind, message, Json(message));
}

// The request's TRON-only options, checked before any node call.
std::uint64_t expirationSeconds(const TronWithdrawOptions& options) {
  const std::uint64_t seconds =
      options.expiration_seconds.value_or(TronTransaction::kDefaultExpirationSeconds);
  if (seconds == 0 || seconds > TronTransaction::kMaxExpirationSeconds) {
    throwInvalidParams("params.expiration_seconds: out of range 1.." +
                       std::to_string(TronTransaction::kMaxExpirationSeconds));
  }
  return seconds;
}

void checkOptions(const WithdrawRequest& req, const TronWithdrawOptions& options) {
  if (req.fee) {
    refuse(WithdrawError::InvalidFeePolicy, "Manual fee (" + req.fee->typeName() +
                                                ") is not supported for TRON withdraw; " +
                                                "omit the fee field, TRON fees are estimated");
  }
  if (options.fee_method == "auto") {
    refuse(WithdrawError::UnsupportedError,
           "fee_method auto is not supported; choose native or gasless");
  }
  if (!options.gasless.is_null() && options.fee_method != "gasless") {
    throwInvalidParams("params.gasless: valid only together with fee_method `gasless`");
  }
  if (req.memo) refuse(WithdrawError::UnsupportedError, "TRON transfers carry no memo here");
}

// The key that signs: the activated one, or the HD address `from` names.
KeccakAccountKey senderKey(TronPlatform& platform, const WithdrawRequest& req,
                           const std::string& coin) {
  if (!req.from) return platform.key();
  HdWallet* hd = platform.hdWallet();
  if (hd == nullptr) {
    refuse(WithdrawError::UnexpectedFromAddress,
           "`from` selects an HD address, but " + coin + " is activated with the Iguana key");
  }
  return hd->keccakKeyAt(resolveWithdrawFrom(*hd, *req.from));
}

EthAddress recipient(const std::string& to) {
  try {
    return parseTronAddress(to);
  } catch (const EncodingError& e) {
    refuse(WithdrawError::InvalidAddress, std::string("Invalid address: ") + e.what());
  }
}

std::string sunText(std::uint64_t sun) {
  return UInt256(sun).toDecimal(TronPlatform::kDecimals);
}

TronFeeDetails feeDetails(const std::string& platform, const TronFee& fee) {
  TronFeeDetails out;
  out.coin = platform;
  out.bandwidth_used = fee.bandwidth_used;
  out.energy_used = fee.energy_used;
  out.bandwidth_fee = sunText(fee.bandwidth_fee);
  out.energy_fee = sunText(fee.energy_fee);
  if (fee.account_creation_fee) out.account_creation_fee = sunText(*fee.account_creation_fee);
  out.total_fee = sunText(fee.total());
  return out;
}

// `token` is null for TRX itself.
Task<TransactionDetails> tronWithdraw(TronPlatform& platform, const Trc20Token* token,
                                      WithdrawRequest req) {
  const std::string coin = token ? token->ticker() : platform.ticker();
  const unsigned decimals = token ? token->decimals() : TronPlatform::kDecimals;
  const TronWithdrawOptions options = TronWithdrawOptions::parse(req.params);
  checkOptions(req, options);
  const std::uint64_t expiration = expirationSeconds(options);
  const EthAddress to = recipient(req.to);
  const KeccakAccountKey sender = senderKey(platform, req, coin);
  req.progress.generating();
  if (options.fee_method == "gasless") {
    std::optional<TransactionDetails> gasless =
        co_await gaslessWithdraw(platform, token, sender, to, req, options.gasless);
    if (gasless) co_return std::move(*gasless);  // else: fall back to a native transfer
  }
  UInt256 amount = req.max ? UInt256() : requestedUnits(req, decimals);
  TronNodeClient& node = platform.node();

  if (!token && to == sender.account) {  // java-tron: "Cannot transfer TRX to yourself."
    refuse(WithdrawError::InvalidAddress,
           "TRON refuses a TRX transfer to the sender's own address");
  }
  // The node reads do not depend on one another: all at once.
  TronBlockRef block;
  TronChainParameters chain;
  TronResources resources;
  std::uint64_t trx_balance = 0;
  UInt256 token_balance;
  std::optional<TronAccountState> recipient_account;
  std::vector<Task<void>> reads;
  reads.push_back(storeInto(block, node.nowBlock()));
  reads.push_back(storeInto(chain, node.chainParameters()));
  reads.push_back(storeInto(resources, node.resources(sender.account)));
  reads.push_back(storeInto(trx_balance, platform.balanceSun(sender.account)));
  if (token) {
    reads.push_back(
        storeInto(token_balance, platform.tokenBalance(token->contract(), sender.account)));
  } else {
    reads.push_back(storeInto(recipient_account, node.account(to)));
  }
  Task<void> all_reads = allOf(std::move(reads));
  co_await all_reads;

  TronTransaction tx = TronTransaction::onBlock(block, expiration);
  bool creates_account = false;
  std::uint64_t energy = 0;
  if (token) {
    if (req.max) {
      if (token_balance.isZero())
        throw rpcError(WithdrawError::ZeroBalanceToWithdrawMax, "Balance is zero");
      amount = token_balance;
    }
    if (token_balance < amount) throwNotSufficientBalance(coin, token_balance, amount, decimals);
    const Bytes data = erc20TransferData(to, amount);
    const TronConstantCall simulated = co_await node.triggerConstant(
        sender.account, token->contract(), "transfer(address,uint256)",
        Bytes(data.begin() + 4, data.end()));
    energy = simulated.energy_used;
    tx.fee_limit = tronFeeLimit(energy, chain);
    tx.contract = TronTrigger{sender.account, token->contract(), data, 0};
  } else {
    creates_account = !recipient_account.has_value();
    if (req.max && trx_balance == 0)
      throw rpcError(WithdrawError::ZeroBalanceToWithdrawMax, "Balance is zero");
    const auto sun = amount.toUint64();
    if (!req.max && (!sun || *sun > static_cast<std::uint64_t>(INT64_MAX)))
      throwInvalidParams("params.amount: out of range for TRX");
    tx.contract = TronTransfer{sender.account, to, req.max ? trx_balance : *sun};
  }

  // The fee depends on the signed size, which (max: true) depends on the amount: settle it.
  req.progress.signing();
  TronTransaction::Signed signed_tx = tx.sign(sender.key);
  TronFee fee = tronFee(tronBandwidth(signed_tx), creates_account, energy, resources, chain);
  if (!token && req.max) {
    for (int round = 0; round < 4; ++round) {
      if (trx_balance <= fee.total())
        throwNotSufficientBalance(coin, UInt256(trx_balance), UInt256(fee.total()), decimals);
      std::get<TronTransfer>(tx.contract).amount = trx_balance - fee.total();
      signed_tx = tx.sign(sender.key);
      const TronFee settled =
          tronFee(tronBandwidth(signed_tx), creates_account, energy, resources, chain);
      const bool stable = settled.total() == fee.total();
      fee = settled;
      if (stable) break;
    }
    amount = UInt256(std::get<TronTransfer>(tx.contract).amount);
  }
  if (token) {
    if (trx_balance < fee.total())
      throwNotSufficientBalance(platform.ticker(), UInt256(trx_balance), UInt256(fee.total()),
                                TronPlatform::kDecimals);
  } else if (const UInt256 required = *amount.add(fee.total()); UInt256(trx_balance) < required) {
    throwNotSufficientBalance(coin, UInt256(trx_balance), required, decimals);
  }

  req.progress.finishing();
  std::string tx_hash = toHex(signed_tx.txid);
  // Broadcast as is: the checks send_raw_transaction makes on foreign bytes are not needed here.
  if (req.broadcast) tx_hash = co_await node.broadcastHex(signed_tx.bytes);

  const bool to_self = to == sender.account;
  const UInt256 spent = token ? amount : *amount.add(fee.total());
  const UInt256 received = to_self ? amount : UInt256();
  TransactionDetails out;
  out.tx_hex = toHex(signed_tx.bytes);
  out.tx_hash = tx_hash;
  out.from = {tronBase58(sender.account)};
  out.to = {tronBase58(to)};
  out.setAmounts(amount, spent, received, decimals);
  out.timestamp = platform.clock().unixMillis() / 1000;
  out.fee_details.value = feeDetails(platform.ticker(), fee);
  out.coin = coin;
  co_return out;
}

}  // namespace

Task<TransactionDetails> TronPlatform::withdraw(WithdrawRequest request) {
  return tronWithdraw(*this, nullptr, std::move(request));
}

Task<TransactionDetails> Trc20Token::withdraw(WithdrawRequest request) {
  return tronWithdraw(*platform_, this, std::move(request));
}

}  // namespace walletd

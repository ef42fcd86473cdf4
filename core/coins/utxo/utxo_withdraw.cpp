// UTXO withdraw and the spend under it: the fee rule (the request's UtxoFixed, UtxoPerKbyte or
// UtxoPriority, else the coins file's txfee), coin selection over the unspent outputs of the
// addresses it spends from, change (Iguana: back to the address; HD: an Internal address of the
// account), signing, and with `broadcast` the peer's broadcast. The coin's chain profile writes and
// signs the transaction and adds its hooks: locktime, outputs it may not spend, its own outputs,
// value the inputs bring (to the change) and fields of the answer. UtxoFixed is an absolute fee, as
// the spec says (KDF treats it as a per-kbyte rate, a known bug).
#include <algorithm>

#include "core/coins/utxo/tx/utxo_script.h"
#include "core/coins/utxo/utxo_coin.h"
#include "core/coins/withdraw_amounts.h"
#include "core/coins/withdraw_from.h"
#include "core/encoding/hex.h"
#include "core/rpc/params_reader.h"

namespace walletd {
namespace {

[[noreturn]] void refuse(WithdrawError kind, const std::string& message) {
  throw rpcError(kind, message, Json(message));
}

[[noreturn]] void invalidFee(const std::string& reason) {
  throw rpcError(WithdrawError::InvalidFee, "Invalid fee: " + reason, Json{{"reason", reason}});
}

std::uint64_t satoshisOf(const Decimal& amount, unsigned decimals, const char* what) {
  const auto units = UInt256::fromDecimal(amount.str(), decimals);
  const auto small = units ? units->toUint64() : std::nullopt;
  if (!small) invalidFee(std::string(what) + " is out of range");
  return *small;
}

std::string text(std::uint64_t satoshis, unsigned decimals) {
  return UInt256(satoshis).toDecimal(decimals);
}

}  // namespace

Task<UtxoFeeRule> UtxoCoin::feeRule(const std::optional<FeeInfo>& fee) {
  const unsigned decimals = settings_.decimals;
  if (fee) {
    if (auto fixed = fee->as<UtxoFixedFee>())
      co_return UtxoFeeRule{UtxoFeeRule::Kind::Fixed,
                            satoshisOf(fixed->amount, decimals, "UtxoFixed amount")};
    if (auto rate = fee->as<UtxoPerKbyteFee>())
      co_return UtxoFeeRule{UtxoFeeRule::Kind::PerKbyte,
                            satoshisOf(rate->amount, decimals, "UtxoPerKbyte amount")};
    if (!fee->as<UtxoPriorityFee>()) {
      refuse(WithdrawError::InvalidFeePolicy,
             "Expected 'UtxoFixed', 'UtxoPerKbyte' or 'UtxoPriority' fee types, found " +
                 fee->typeName());
    }
  }
  std::uint32_t blocks = settings_.fees.estimate_blocks;
  if (fee) {
    const std::string& priority = fee->as<UtxoPriorityFee>()->priority;
    blocks = priority == "High"     ? settings_.fees.high_blocks
             : priority == "Normal" ? settings_.fees.normal_blocks
                                    : settings_.fees.low_blocks;
  } else if (settings_.fees.per_kbyte) {
    co_return UtxoFeeRule{UtxoFeeRule::Kind::PerKbyte, *settings_.fees.per_kbyte};
  }
  const std::optional<std::uint64_t> estimate =
      co_await backend_->feeRate(blocks, settings_.fees.estimate_mode);
  co_return UtxoFeeRule{UtxoFeeRule::Kind::PerKbyte, estimate.value_or(kFallbackFeeRate)};
}

std::optional<HdAddressRef> UtxoCoin::fromAddress(const WithdrawRequest& req) {
  if (!req.from) return std::nullopt;
  if (!keys_.hd) {
    refuse(WithdrawError::UnexpectedFromAddress,
           "`from` selects an HD address, but " + ticker() + " is activated with the Iguana key");
  }
  return resolveWithdrawFrom(*keys_.hd, *req.from);
}

std::vector<WatchedAddress> UtxoCoin::spendFrom(const std::optional<HdAddressRef>& from) {
  if (!keys_.hd) return {mine_};
  if (from) return {addressAt(*from)};
  return addressesAt(keys_.hd->knownAddresses(keys_.activated.account_id));
}

Task<UtxoCoin::ChangeAddress> UtxoCoin::changeAddress(std::uint32_t account_id) {
  const std::vector<HdAddressRef> internal =
      keys_.hd->knownAddresses(account_id, Bip44Chain::Internal);
  const std::vector<bool> used = co_await backend_->used(addressesAt(internal));
  for (std::size_t i = 0; i < internal.size() && i < used.size(); ++i) {
    if (!used[i]) co_return ChangeAddress{addressAt(internal[i]), std::nullopt};
  }
  const HdAddressRef next{account_id, static_cast<std::uint32_t>(internal.size()),
                          Bip44Chain::Internal};
  co_return ChangeAddress{addressAt(next), next};
}

Task<TransactionDetails> UtxoCoin::withdraw(WithdrawRequest req) {
  const unsigned decimals = settings_.decimals;
  UtxoSpendOrder order;
  order.from = fromAddress(req);
  if (req.memo) refuse(WithdrawError::UnsupportedError, ticker() + " transfers carry no memo");
  UtxoAddress to;
  try {
    to = codec_.parse(req.to);
  } catch (const std::exception& e) {
    refuse(WithdrawError::InvalidAddress, std::string("Invalid address: ") + e.what());
  }
  req.progress.generating();
  if (to.kind == UtxoAddress::Kind::WitnessOther) {
    refuse(WithdrawError::InvalidAddress,
           "Invalid address: walletd pays to witness version 0 programs only");
  }
  order.max = req.max;
  order.payments = {{0, scriptPubKeyFor(to)}};
  if (!req.max) {
    const auto units = requestedUnits(req, decimals).toUint64();
    if (!units) throwInvalidParams("params.amount: out of range");
    order.payments[0].value = *units;
  }
  order.calls = chain_->extraOutputs(req);
  order.fee = co_await feeRule(req.fee);
  order.progress = req.progress;
  order.broadcast = req.broadcast;
  const UtxoSpend spent = co_await spend(std::move(order));

  TransactionDetails details;
  details.tx_hex = spent.hex;
  details.tx_hash = spent.txid;
  details.from = spent.from;
  details.to = {req.to};
  details.setAmounts(UInt256(spent.spent_by_me), UInt256(spent.spent_by_me),
                     UInt256(spent.received_by_me), decimals);
  details.fee_details.value = UtxoFeeDetails{ticker(), text(spent.fee, decimals)};
  details.coin = ticker();
  details.timestamp = clock_.unixMillis() / 1000;
  chain_->addResultExtras(details, spent.extra, decimals);
  co_return details;
}

// Selects, signs and (when asked) broadcasts; see UtxoSpendOrder.
Task<UtxoSpend> UtxoCoin::spend(UtxoSpendOrder order) {
  const std::vector<WatchedAddress> sources =
      order.own_address_only ? std::vector<WatchedAddress>{mine_} : spendFrom(order.from);
  SelectionRequest selection;
  selection.max = order.max;
  selection.payments = std::move(order.payments);
  selection.chain_outputs = std::move(order.calls);
  selection.extra_base_bytes = chain_->extraBaseBytes();
  selection.reserve = order.reserve;
  std::optional<ChangeAddress> change;
  if (keys_.hd && !order.own_address_only) {
    const std::uint32_t account_id =
        order.from ? order.from->account_id : keys_.activated.account_id;
    change = co_await changeAddress(account_id);
  }
  selection.change_script = change ? change->address.script : mine_.script;
  selection.dust = order.dust.value_or(settings_.dust);
  selection.fee = order.fee ? *order.fee : co_await feeRule(std::nullopt);
  std::vector<UnspentOutput> mine = co_await unspentSpendableBy(sources);
  const std::vector<UnspentOutput> spendable = co_await spendableOf(std::move(mine));
  UtxoWithdrawContext context{*backend_, clock_};
  for (const UnspentOutput& u : spendable)
    selection.unspent.push_back({u.outpoint, {u.value, u.script_pubkey}, kind_, u.confirmations});
  if (order.max && selection.unspent.empty())
    throw rpcError(WithdrawError::ZeroBalanceToWithdrawMax, "Balance is zero", Json());
  const std::string& coin = order.balance_coin.empty() ? ticker() : order.balance_coin;
  Selection chosen = chooseCoins(selection, coin);

  UtxoSpend out;
  const std::uint32_t locktime = co_await chain_->locktime(context);
  out.extra = co_await chain_->extraInputValue(context, chosen.inputs, locktime);
  addExtraInputValue(chosen, selection, out.extra);
  for (const Unspent& u : chosen.inputs) {
    out.spent_by_me += u.output.value;
    for (const WatchedAddress& source : sources) {
      if (source.script == u.output.script_pubkey &&
          std::find(out.from.begin(), out.from.end(), source.address) == out.from.end())
        out.from.push_back(source.address);
    }
  }
  order.progress.signing();
  // The HD change address is the only change (Iguana: the coin's own address, never a device's).
  Bytes change_script = change ? change->address.script : Bytes();
  out.tx = co_await signedSpend(chosen, locktime, std::move(change_script), order.progress);
  order.progress.finishing();
  bool has_change = false;
  for (const TxOutput& o : out.tx.outputs) {
    if (o.script_pubkey == selection.change_script) has_change = true;
    if (o.script_pubkey == selection.change_script || isOwnScript(o.script_pubkey))
      out.received_by_me += o.value;
  }
  // A new change address counts as handed out once a transaction pays it.
  if (has_change && change && change->new_ref) {
    keys_.hd->ensureAddresses(change->new_ref->account_id, change->new_ref->index + 1,
                              Bip44Chain::Internal);
    const std::vector<HdAddressRef> added{*change->new_ref};
    co_await addressesAdded(added);
  }
  out.fee = chosen.fee;
  out.hex = toHex(chain_->serialize(out.tx));
  out.txid = chain_->txid(out.tx);
  if (order.broadcast) out.txid = co_await broadcastOwn(out.tx, out.hex);
  co_return out;
}

Selection UtxoCoin::chooseCoins(const SelectionRequest& selection, const std::string& coin) const {
  const unsigned decimals = settings_.decimals;
  try {
    return selectCoins(selection);
  } catch (const SelectionError& e) {
    if (e.reason == SelectionError::Reason::AmountTooLow)
      throwAmountTooLow(text(e.first, decimals), text(e.second, decimals));
    throwNotSufficientBalance(coin, UInt256(e.first), UInt256(e.second), decimals);
  }
}

}  // namespace walletd

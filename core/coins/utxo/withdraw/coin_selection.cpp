// Coin selection for a UTXO withdraw.
#include "core/coins/utxo/withdraw/coin_selection.h"

#include <algorithm>

namespace walletd {
namespace {

std::uint64_t sumOf(const std::vector<Unspent>& inputs) {
  std::uint64_t total = 0;
  for (const Unspent& u : inputs) total += u.output.value;
  return total;
}

std::uint64_t sumOf(const std::vector<TxOutput>& outputs) {
  std::uint64_t total = 0;
  for (const TxOutput& o : outputs) total += o.value;
  return total;
}

TxWeight weightOf(const SelectionRequest& r, const std::vector<Unspent>& inputs,
                  const std::vector<TxOutput>& outputs) {
  TxWeight w;
  w.addBaseBytes(r.extra_base_bytes);
  for (const Unspent& u : inputs) w.addInput(u.kind);
  for (const TxOutput& o : outputs) w.addOutput(o.script_pubkey);
  return w;
}

[[noreturn]] void notEnough(std::uint64_t available, std::uint64_t required) {
  throw SelectionError(SelectionError::Reason::NotSufficientBalance, available, required,
                       "not enough funds: " + std::to_string(available) + " available, " +
                           std::to_string(required) + " required (satoshis)");
}

[[noreturn]] void tooLow(std::uint64_t amount, std::uint64_t threshold) {
  throw SelectionError(SelectionError::Reason::AmountTooLow, amount, threshold,
                       "amount " + std::to_string(amount) + " is below the dust threshold " +
                           std::to_string(threshold) + " (satoshis)");
}

Selection spendAll(const SelectionRequest& r) {
  Selection s;
  s.inputs = r.unspent;
  s.outputs = {r.payments.front()};
  s.outputs[0].value = 0;
  s.outputs.insert(s.outputs.end(), r.chain_outputs.begin(), r.chain_outputs.end());
  const std::uint64_t total = sumOf(s.inputs);
  const std::uint64_t others = sumOf(s.outputs) + r.reserve;
  s.vsize = weightOf(r, s.inputs, s.outputs).vsize();
  const std::uint64_t size_fee = r.fee.feeFor(s.vsize);
  if (total <= size_fee + others) notEnough(total, size_fee + others);
  s.outputs[0].value = total - size_fee - others;
  s.fee = size_fee + r.reserve;
  if (s.outputs[0].value < r.dust) tooLow(s.outputs[0].value, r.dust);
  return s;
}

}  // namespace

std::uint64_t UtxoFeeRule::feeFor(std::size_t vsize) const {
  if (kind == Kind::Fixed) return satoshis;
  return (satoshis * vsize + 999) / 1000;
}

Selection selectCoins(const SelectionRequest& request) {
  if (request.payments.empty() && (request.max || request.chain_outputs.empty()))
    throw std::invalid_argument("a spend pays someone or calls a contract");
  std::vector<Unspent> unspent = request.unspent;
  std::stable_sort(unspent.begin(), unspent.end(), [](const Unspent& a, const Unspent& b) {
    return a.output.value > b.output.value;
  });
  const std::uint64_t available = sumOf(unspent);
  if (request.max) {
    if (unspent.empty()) notEnough(0, 1);
    SelectionRequest all = request;
    all.unspent = unspent;
    return spendAll(all);
  }
  std::uint64_t paid = 0;
  for (const TxOutput& p : request.payments) {
    if (p.value < request.dust) tooLow(p.value, request.dust);
    paid += p.value;
  }
  paid += sumOf(request.chain_outputs) + request.reserve;
  const bool fixed = request.fee.kind == UtxoFeeRule::Kind::Fixed;
  Selection s;
  s.outputs = request.payments;
  s.outputs.insert(s.outputs.end(), request.chain_outputs.begin(), request.chain_outputs.end());
  std::uint64_t in = 0;
  std::uint64_t last_required = paid;
  for (const Unspent& u : unspent) {
    s.inputs.push_back(u);
    in += u.output.value;
    // Without change first: it is smaller, and change may turn out to be dust.
    const std::size_t bare = weightOf(request, s.inputs, s.outputs).vsize();
    const std::uint64_t bare_fee = request.fee.feeFor(bare);
    last_required = paid + bare_fee;
    if (in < last_required) continue;
    std::vector<TxOutput> with_change = s.outputs;
    with_change.push_back({0, request.change_script});
    const std::size_t sized = weightOf(request, s.inputs, with_change).vsize();
    const std::uint64_t change_fee = request.fee.feeFor(sized);
    if (in >= paid + change_fee && in - paid - change_fee >= request.dust &&
        in - paid - change_fee > 0) {
      with_change.back().value = in - paid - change_fee;
      s.outputs = std::move(with_change);
      s.fee = change_fee + request.reserve;
      s.vsize = sized;
      return s;
    }
    const std::uint64_t leftover = in - paid - bare_fee;
    if (leftover == 0 || !fixed) {  // a rate's fee may take dust change; a fixed fee may not
      s.fee = bare_fee + leftover + request.reserve;
      s.vsize = bare;
      return s;
    }
    last_required = paid + bare_fee + request.dust;  // enough for change that is not dust
  }
  notEnough(available, last_required);
}

void addExtraInputValue(Selection& s, const SelectionRequest& request, std::uint64_t extra) {
  if (extra == 0) return;
  const std::uint64_t in = sumOf(s.inputs) + extra;
  if (s.outputs.size() > request.payments.size() + request.chain_outputs.size()) {  // change
    s.outputs.back().value += extra;
    s.fee = in - sumOf(s.outputs);
    return;
  }
  std::vector<TxOutput> with_change = s.outputs;
  with_change.push_back({0, request.change_script});
  const std::size_t sized = weightOf(request, s.inputs, with_change).vsize();
  const std::uint64_t fee = request.fee.feeFor(sized);  // a fixed fee stays what it was
  const std::uint64_t paid = sumOf(s.outputs) + request.reserve;
  if (in >= paid + fee + request.dust && in - paid - fee > 0) {
    with_change.back().value = in - paid - fee;
    s.outputs = std::move(with_change);
    s.vsize = sized;
  }
  s.fee = in - sumOf(s.outputs);
}

}  // namespace walletd

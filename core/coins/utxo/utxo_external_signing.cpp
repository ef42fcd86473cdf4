// Signing a spend with the coin's key source when it has one (a hardware wallet): the order it
// is given (each input's and change output's HD path, each output's address, the previous
// transactions fetched from the peer), and the checks on what comes back — the same inputs and
// outputs as asked, every signature valid for the output it spends — before anything is answered
// or broadcast.
#include <map>

#include "core/coins/utxo/tx/utxo_script.h"
#include "core/coins/utxo/tx/utxo_signature_check.h"
#include "core/coins/utxo/utxo_coin.h"

namespace walletd {
namespace {

// The device answered a transaction other than the one it was asked to sign.
void checkSameTransaction(const UtxoTransaction& asked, const UtxoTransaction& got) {
  bool same = asked.version == got.version && asked.locktime == got.locktime &&
              asked.inputs.size() == got.inputs.size() &&
              asked.outputs.size() == got.outputs.size() && asked.chain_fields == got.chain_fields;
  for (std::size_t i = 0; same && i < asked.inputs.size(); ++i) {
    same = asked.inputs[i].prevout == got.inputs[i].prevout &&
           asked.inputs[i].sequence == got.inputs[i].sequence;
  }
  for (std::size_t i = 0; same && i < asked.outputs.size(); ++i) {
    same = asked.outputs[i].value == got.outputs[i].value &&
           asked.outputs[i].script_pubkey == got.outputs[i].script_pubkey;
  }
  if (!same) throw UtxoSigningError("the signer answered another transaction than the one asked");
}

}  // namespace

Task<UtxoSigningOrder> UtxoCoin::signingOrder(const Selection& chosen, std::uint32_t locktime,
                                              Bytes change_script) {
  UtxoSigningOrder order;
  // The change is the selection's last output to the change script (payments come first).
  const TxOutput* change = nullptr;
  for (const TxOutput& o : chosen.outputs)
    if (!change_script.empty() && o.script_pubkey == change_script) change = &o;
  order.tx = chain_->newTransaction();
  order.tx.locktime = locktime;
  for (const Unspent& u : chosen.inputs) {
    order.tx.inputs.push_back({u.outpoint, {}, 0xffffffff, {}});
    order.spent.push_back(u.output);
    auto ref = by_script_.find(asKey(u.output.script_pubkey));
    if (ref == by_script_.end()) throw UtxoSigningError("an input is not the wallet's");
    order.input_paths.push_back(keys_.hd->addressPath(ref->second));
  }
  order.tx.outputs = chosen.outputs;
  for (const TxOutput& o : chosen.outputs) {
    UtxoOrderOutput out;
    if (const auto address = standardOutput(o.script_pubkey)) {
      const bool witness = address->kind == UtxoAddress::Kind::WitnessV0KeyHash ||
                           address->kind == UtxoAddress::Kind::WitnessV0ScriptHash ||
                           address->kind == UtxoAddress::Kind::WitnessOther;
      const UtxoFormat format = witness                         ? UtxoFormat::Segwit
                                : format_ == UtxoFormat::Segwit ? UtxoFormat::Standard
                                                                : format_;
      out.address = codec_.format(*address, format, codec_.rules().cash_network);
    }
    // Only the change the selection added goes by path (the device does not show it); a payment,
    // even to one of the wallet's own addresses, is shown to the user (KDF: output 0 is `to`).
    auto ref = by_script_.find(asKey(o.script_pubkey));
    if (&o == change && ref != by_script_.end())
      out.change_path = keys_.hd->addressPath(ref->second);
    order.outputs.push_back(std::move(out));
  }
  if (!keys_.key_source->needsPreviousTransactions()) co_return order;
  std::vector<std::string> txids;
  for (const TxInput& in : order.tx.inputs) txids.push_back(in.prevout.displayTxid());
  const std::vector<Bytes> raw = co_await backend_->transactions(txids);
  if (raw.size() != txids.size())
    throw UtxoSigningError("the peer did not return every input's transaction");
  for (std::size_t i = 0; i < raw.size(); ++i) {
    UtxoTransaction previous = chain_->codec().parse(raw[i]);
    if (chain_->txid(previous) != txids[i])
      throw UtxoSigningError("the peer returned another transaction than " + txids[i]);
    order.previous.push_back(std::move(previous));
  }
  co_return order;
}

Task<UtxoTransaction> UtxoCoin::signedSpend(const Selection& chosen, std::uint32_t locktime,
                                            Bytes change_script, WithdrawProgress progress) {
  if (!keys_.key_source) co_return signedTransaction(chosen, locktime);
  UtxoSigningOrder order = co_await signingOrder(chosen, locktime, std::move(change_script));
  const UtxoTransaction asked = order.tx;
  const std::vector<SpentOutput> spent = order.spent;
  const Bytes wire = co_await keys_.key_source->sign(std::move(order), std::move(progress));
  UtxoTransaction tx = chain_->codec().parse(wire);
  checkSameTransaction(asked, tx);
  verifyUtxoSignatures(tx, spent, chain_->sighash());
  co_return tx;
}

}  // namespace walletd

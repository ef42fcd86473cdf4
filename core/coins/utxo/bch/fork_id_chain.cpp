// The fork-id chains' profile.
#include "core/coins/utxo/bch/fork_id_chain.h"

#include <algorithm>

#include "core/coins/utxo/bch/bch_token_outputs.h"

namespace walletd {
ForkIdChain::ForkIdChain(const UtxoChainRules& rules)
    : version_(rules.tx_version.value_or(kDefaultVersion)),
      token_aware_(rules.cash_address || rules.protocol_type == "BCH"),
      codec_(rules.segwit),
      sighash_(rules.signature_version == UtxoChainRules::SignatureVersion::ForkId,
               kSighashAll | rules.fork_id) {}

bool ForkIdChain::serves(const UtxoChainRules& rules) {
  return (rules.protocol_type == "UTXO" || rules.protocol_type == "BCH") && !rules.overwintered &&
         rules.fork_id <= 0xff && (rules.fork_id & kSighashAll) == 0 &&
         (rules.fork_id != 0 ||
          rules.signature_version == UtxoChainRules::SignatureVersion::ForkId);
}

UtxoTransaction ForkIdChain::newTransaction() const {
  return versioned(version_);
}

Task<std::uint32_t> ForkIdChain::locktime(UtxoWithdrawContext ctx) const {
  co_return nowLocktime(ctx);
}

std::vector<Bytes> ForkIdChain::outputScripts(const UtxoTransaction& tx) {
  std::vector<Bytes> scripts;
  for (const TxOutput& out : tx.outputs) scripts.push_back(out.script_pubkey);
  return scripts;
}

// Each listed output is classified by the output scripts of the transaction that made it.
Task<std::vector<UnspentOutput>> ForkIdChain::spendable(UtxoWithdrawContext ctx,
                                                        std::vector<UnspentOutput> outputs) const {
  if (!token_aware_) co_return outputs;
  std::vector<std::string> txids;
  txids.reserve(outputs.size());
  for (const UnspentOutput& u : outputs) txids.push_back(u.outpoint.displayTxid());
  std::map<std::string, std::vector<Bytes>> made_by =
      co_await made_by_.of(ctx.backend, codec_, std::move(txids));
  std::erase_if(outputs, [&made_by](const UnspentOutput& u) {
    return classifyBchOutput(made_by[u.outpoint.displayTxid()], u.outpoint.index) !=
           BchOutputKind::Plain;
  });
  co_return outputs;
}

}  // namespace walletd

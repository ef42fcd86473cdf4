// The QTUM chain profile.
#include "core/coins/utxo/qtum/qtum_chain.h"

#include <algorithm>

#include "core/coins/utxo/qtum/qtum_delegation.h"

namespace walletd {
namespace {

bool spendsNothing(const TxInput& input) {
  return input.prevout.index == 0xffffffff &&
         std::all_of(input.prevout.txid.begin(), input.prevout.txid.end(),
                     [](std::uint8_t b) { return b == 0; });
}

}  // namespace

QtumChain::QtumChain(const UtxoChainRules& rules)
    : version_(rules.tx_version.value_or(kDefaultVersion)),
      mature_confirmations_(rules.mature_confirmations),
      codec_(rules.segwit),
      sighash_(rules.signature_version == UtxoChainRules::SignatureVersion::WitnessV0) {}

bool QtumChain::serves(const UtxoChainRules& rules) {
  return (rules.protocol_type == "QTUM" || rules.protocol_type == "QRC20") && !rules.overwintered &&
         rules.fork_id == 0 && rules.signature_version != UtxoChainRules::SignatureVersion::ForkId;
}

UtxoTransaction QtumChain::newTransaction() const {
  return versioned(version_);
}

Task<std::uint32_t> QtumChain::locktime(UtxoWithdrawContext ctx) const {
  co_return nowLocktime(ctx);
}

std::size_t QtumChain::headerSize(ByteView bytes) const {
  constexpr std::size_t kFixed = 80 + 32 + 32 + 36;
  if (bytes.size() <= kFixed) return 0;
  std::size_t length = bytes[kFixed];
  std::size_t prefix = 1;
  if (length == 0xfd) {  // a compact size of two bytes; a signature is never longer
    if (bytes.size() < kFixed + 3) return 0;
    length = bytes[kFixed + 1] | std::size_t{bytes[kFixed + 2]} << 8;
    prefix = 3;
  } else if (length > 0xfd) {
    return 0;
  }
  const std::size_t size = kFixed + prefix + length;
  return bytes.size() >= size ? size : 0;
}

bool QtumChain::paysReward(const UtxoTransaction& tx) {
  if (tx.inputs.size() == 1 && spendsNothing(tx.inputs[0])) return true;
  return !tx.outputs.empty() && tx.outputs[0].value == 0 && tx.outputs[0].script_pubkey.empty();
}

// Outputs with fewer confirmations than maturity are kept only when the transaction that made
// them pays no reward.
Task<std::vector<UnspentOutput>> QtumChain::spendable(UtxoWithdrawContext ctx,
                                                      std::vector<UnspentOutput> outputs) const {
  std::vector<std::string> young;
  for (const UnspentOutput& u : outputs)
    if (u.confirmations < mature_confirmations_) young.push_back(u.outpoint.displayTxid());
  if (young.empty()) co_return outputs;
  std::map<std::string, bool> reward = co_await pays_reward_.of(ctx.backend, codec_, young);
  std::erase_if(outputs, [this, &reward](const UnspentOutput& u) {
    return u.confirmations < mature_confirmations_ && reward[u.outpoint.displayTxid()];
  });
  co_return outputs;
}

std::unique_ptr<StakingCoin> QtumChain::stakingOf(UtxoCoin& coin) const {
  return std::make_unique<QtumDelegation>(coin);
}

}  // namespace walletd

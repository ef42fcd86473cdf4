// The QTUM chain profile.
#include "core/coins/utxo/qtum/qtum_chain.h"

#include <algorithm>

#include "core/coins/utxo/qtum/qtum_delegation.h"

namespace walletd {

QtumChain::QtumChain(const UtxoChainRules& rules)
    : version_(rules.tx_version.value_or(kDefaultVersion)),
      maturity_(rules.mature_confirmations, &paysReward),
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
  if (RewardMaturity::isCoinbase(tx)) return true;
  return !tx.outputs.empty() && tx.outputs[0].value == 0 && tx.outputs[0].script_pubkey.empty();
}

Task<std::vector<UnspentOutput>> QtumChain::spendable(UtxoWithdrawContext ctx,
                                                      std::vector<UnspentOutput> outputs) const {
  co_return co_await maturity_.matureOnly(ctx.backend, codec_, std::move(outputs));
}

std::unique_ptr<StakingCoin> QtumChain::stakingOf(UtxoCoin& coin) const {
  return std::make_unique<QtumDelegation>(coin);
}

}  // namespace walletd

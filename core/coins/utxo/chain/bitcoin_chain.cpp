// Bitcoin's chain profile.
#include "core/coins/utxo/chain/bitcoin_chain.h"

namespace walletd {

BitcoinChain::BitcoinChain(const UtxoChainRules& rules)
    : version_(rules.tx_version.value_or(kDefaultVersion)),
      codec_(true),
      sighash_(rules.signature_version == UtxoChainRules::SignatureVersion::WitnessV0) {}

bool BitcoinChain::serves(const UtxoChainRules& rules) {
  return rules.protocol_type == "UTXO" && !rules.overwintered && rules.fork_id == 0 &&
         rules.signature_version != UtxoChainRules::SignatureVersion::ForkId;
}

UtxoTransaction BitcoinChain::newTransaction() const {
  return versioned(version_);
}

}  // namespace walletd

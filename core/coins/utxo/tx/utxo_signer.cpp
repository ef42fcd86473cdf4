// Signing P2PKH and P2WPKH inputs.
#include "core/coins/utxo/tx/utxo_signer.h"

#include <algorithm>

#include "core/coins/utxo/tx/utxo_script.h"
#include "core/coins/utxo/tx/utxo_sighash.h"
#include "core/crypto/hashes.h"
#include "core/crypto/secret.h"

namespace walletd {

void signUtxoTransaction(UtxoTransaction& tx, const std::vector<SpentOutput>& spent,
                         const KeyForHash160& key_for) {
  if (spent.size() != tx.inputs.size())
    throw UtxoSigningError("every input needs the output it spends");
  // Segwit digests commit to the outputs and all inputs, not to scriptSigs: computed once.
  const Bip143Sighash segwit(tx);
  std::vector<std::pair<Bytes, std::vector<Bytes>>> unlocks(tx.inputs.size());
  for (std::size_t i = 0; i < tx.inputs.size(); ++i) {
    const auto output = standardOutput(spent[i].script_pubkey);
    const bool p2pkh = output && output->kind == UtxoAddress::Kind::P2PKH;
    const bool p2wpkh = output && output->kind == UtxoAddress::Kind::WitnessV0KeyHash;
    if (!p2pkh && !p2wpkh)
      throw UtxoSigningError("input " + std::to_string(i) + " spends a script walletd cannot sign");
    std::optional<PrivateKey> key = key_for(output->hash);
    if (!key) throw UtxoSigningError("input " + std::to_string(i) + " is not the wallet's");
    const ByteArray<33> pub = PublicKey::fromPrivate(*key).compressed();
    const ByteArray<20> key_hash = hash160(pub);
    if (!std::equal(output->hash.begin(), output->hash.end(), key_hash.begin(), key_hash.end())) {
      wipe(*key);
      throw UtxoSigningError("input " + std::to_string(i) + ": the key does not match its address");
    }
    const Bytes script_code = p2pkhScript(output->hash);
    const Digest32 digest =
        p2wpkh ? segwit.digest(i, script_code, spent[i].value) : legacySighash(tx, i, script_code);
    Bytes signature = signDer(digest, *key);
    wipe(*key);
    signature.push_back(static_cast<std::uint8_t>(kSighashAll));
    if (p2wpkh) {
      unlocks[i].second = {signature, Bytes(pub.begin(), pub.end())};
    } else {
      pushData(unlocks[i].first, signature);
      pushData(unlocks[i].first, pub);
    }
  }
  // Legacy digests blank the other scriptSigs: fill them in only when every digest is made.
  for (std::size_t i = 0; i < tx.inputs.size(); ++i) {
    tx.inputs[i].script_sig = std::move(unlocks[i].first);
    tx.inputs[i].witness = std::move(unlocks[i].second);
  }
}

}  // namespace walletd

// Signing P2PKH and P2WPKH inputs.
#include "core/coins/utxo/tx/utxo_signer.h"

#include <algorithm>
#include <map>

#include "core/coins/utxo/tx/utxo_script.h"
#include "core/crypto/hashes.h"
#include "core/crypto/secret.h"

namespace walletd {

namespace {

// The wallet's keys met while signing one transaction, with their public keys (derived once:
// a public key costs as much as a signature). The keys are wiped when signing ends.
class SigningKeys {
 public:
  explicit SigningKeys(const KeyForHash160& key_for) : key_for_(key_for) {}
  // The key and compressed public key for `hash`, or nullptr when the wallet has none.
  const std::pair<PrivateKey, ByteArray<33>>* find(const Bytes& hash) {
    const std::string name(hash.begin(), hash.end());
    auto it = keys_.find(name);
    if (it != keys_.end()) return &it->second;
    std::optional<PrivateKey> key = key_for_(hash);
    if (!key) return nullptr;
    const ByteArray<33> pub = PublicKey::fromPrivate(*key).compressed();
    const ByteArray<20> key_hash = hash160(pub);
    const bool matches = std::equal(hash.begin(), hash.end(), key_hash.begin(), key_hash.end());
    auto& entry = keys_[name] = {*key, pub};
    if (!matches) throw UtxoSigningError("a key does not match the address it was given for");
    return &entry;
  }

 private:
  const KeyForHash160& key_for_;
  std::map<std::string, std::pair<PrivateKey, ByteArray<33>>> keys_;  // by HASH160 bytes
};

}  // namespace

void signUtxoTransaction(UtxoTransaction& tx, const std::vector<SpentOutput>& spent,
                         const KeyForHash160& key_for, const UtxoSighashScheme& scheme) {
  if (spent.size() != tx.inputs.size())
    throw UtxoSigningError("every input needs the output it spends");
  // Digests commit to the outputs and all inputs, not to other scriptSigs: one context.
  const std::unique_ptr<UtxoInputDigests> digests = scheme.forTransaction(tx);
  const std::uint8_t hash_type = scheme.hashTypeByte();
  SigningKeys keys(key_for);
  std::vector<std::pair<Bytes, std::vector<Bytes>>> unlocks(tx.inputs.size());
  for (std::size_t i = 0; i < tx.inputs.size(); ++i) {
    const auto output = standardOutput(spent[i].script_pubkey);
    const bool p2pkh = output && output->kind == UtxoAddress::Kind::P2PKH;
    const bool p2wpkh = output && output->kind == UtxoAddress::Kind::WitnessV0KeyHash;
    if (!p2pkh && !p2wpkh)
      throw UtxoSigningError("input " + std::to_string(i) + " spends a script walletd cannot sign");
    const auto* key = keys.find(output->hash);
    if (!key) throw UtxoSigningError("input " + std::to_string(i) + " is not the wallet's");
    const auto& [priv, pub] = *key;
    const Bytes script_code = p2pkhScript(output->hash);
    const Digest32 digest = digests->digest(i, p2wpkh ? SpendKind::P2WPKH : SpendKind::P2PKH,
                                            script_code, spent[i].value);
    Bytes signature = signDer(digest, priv);
    signature.push_back(hash_type);
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

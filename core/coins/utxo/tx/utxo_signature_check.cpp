// Verifying P2PKH and P2WPKH unlocking data.
#include "core/coins/utxo/tx/utxo_signature_check.h"

#include <algorithm>

#include "core/coins/utxo/tx/utxo_script.h"
#include "core/crypto/crypto_error.h"
#include "core/crypto/hashes.h"

namespace walletd {
namespace {

// The data pushes of a scriptSig made only of direct pushes (1–75 bytes each); nullopt otherwise.
std::optional<std::vector<Bytes>> directPushes(ByteView script) {
  std::vector<Bytes> out;
  std::size_t at = 0;
  while (at < script.size()) {
    const std::size_t size = script[at++];
    if (size == 0 || size > 75 || at + size > script.size()) return std::nullopt;
    out.emplace_back(script.begin() + at, script.begin() + at + size);
    at += size;
  }
  return out;
}

[[noreturn]] void refuse(std::size_t input, const std::string& why) {
  throw UtxoSigningError("input " + std::to_string(input) + " " + why);
}

// The signature and public key an input carries for its kind of output.
std::vector<Bytes> unlockingItems(const TxInput& in, bool witness, std::size_t i) {
  if (witness) {
    if (!in.script_sig.empty()) refuse(i, "spends a P2WPKH output but has a scriptSig");
    return in.witness;
  }
  if (!in.witness.empty()) refuse(i, "spends a P2PKH output but has a witness");
  std::optional<std::vector<Bytes>> pushes = directPushes(in.script_sig);
  if (!pushes) refuse(i, "has a scriptSig that is not <signature> <public key>");
  return *pushes;
}

}  // namespace

void verifyUtxoSignatures(const UtxoTransaction& tx, const std::vector<SpentOutput>& spent,
                          const UtxoSighashScheme& scheme) {
  if (spent.size() != tx.inputs.size())
    throw UtxoSigningError("every input needs the output it spends");
  const std::unique_ptr<UtxoInputDigests> digests = scheme.forTransaction(tx);
  for (std::size_t i = 0; i < tx.inputs.size(); ++i) {
    const auto output = standardOutput(spent[i].script_pubkey);
    const bool p2wpkh = output && output->kind == UtxoAddress::Kind::WitnessV0KeyHash;
    if (!output || (!p2wpkh && output->kind != UtxoAddress::Kind::P2PKH))
      refuse(i, "spends a script walletd cannot check");
    const std::vector<Bytes> items = unlockingItems(tx.inputs[i], p2wpkh, i);
    if (items.size() != 2 || items[1].size() != 33 || items[0].size() < 2)
      refuse(i, "does not carry <signature> <compressed public key>");
    const ByteArray<20> key_hash = hash160(items[1]);
    if (!std::equal(key_hash.begin(), key_hash.end(), output->hash.begin(), output->hash.end()))
      refuse(i, "is signed by a key that does not own the output it spends");
    const Bytes& signature = items[0];
    if (signature.back() != scheme.hashTypeByte()) refuse(i, "has another signature hash type");
    const Digest32 digest = digests->digest(i, p2wpkh ? SpendKind::P2WPKH : SpendKind::P2PKH,
                                            p2pkhScript(output->hash), spent[i].value);
    bool valid = false;
    try {
      valid = verifyDer(digest, ByteView(signature).first(signature.size() - 1),
                        PublicKey::parse(items[1]));
    } catch (const CryptoError&) {
      valid = false;
    }
    if (!valid) refuse(i, "has a signature that does not verify");
  }
}

}  // namespace walletd

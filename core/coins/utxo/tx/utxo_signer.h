// Signs a transaction's inputs that spend P2PKH or P2WPKH outputs of the wallet's keys (compressed
// public keys, low-S DER) under a chain's sighash scheme: P2PKH gets its scriptSig, P2WPKH its
// witness.
#pragma once

#include <functional>
#include <optional>
#include <vector>

#include "core/coins/utxo/tx/utxo_sighash.h"
#include "core/crypto/secp256k1.h"

namespace walletd {

// The output an input spends: what the signature commits to.
struct SpentOutput {
  std::uint64_t value = 0;
  Bytes script_pubkey;
};

struct UtxoSigningError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// The key for an input's output script (its HASH160 of a compressed public key), or nullopt when
// the wallet holds none. HD wallets answer per address; Iguana wallets for their one address.
using KeyForHash160 = std::function<std::optional<PrivateKey>(ByteView hash160)>;

// Signs every input of `tx` under `scheme` (the chain's); `spent[i]` is what input i spends.
// Throws UtxoSigningError for an input whose script is not P2PKH/P2WPKH or whose key is not the
// wallet's.
void signUtxoTransaction(UtxoTransaction& tx, const std::vector<SpentOutput>& spent,
                         const KeyForHash160& key_for, const UtxoSighashScheme& scheme);

}  // namespace walletd

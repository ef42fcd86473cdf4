// Checking a signed transaction's unlocking data against what its inputs spend: for signatures
// made outside walletd (a hardware wallet's), before the transaction is answered or broadcast.
#pragma once

#include <vector>

#include "core/coins/utxo/tx/utxo_signer.h"

namespace walletd {

// Checks that every input of `tx` unlocks the output it spends (`spent[i]`): a P2PKH input's
// scriptSig is exactly <signature> <compressed public key>, a P2WPKH input's witness the same two
// items with an empty scriptSig; the key's HASH160 is the output's, and the DER signature, ending
// with the scheme's hash-type byte, verifies against the input's digest. Throws UtxoSigningError
// naming the first input that does not.
void verifyUtxoSignatures(const UtxoTransaction& tx, const std::vector<SpentOutput>& spent,
                          const UtxoSighashScheme& scheme);

}  // namespace walletd

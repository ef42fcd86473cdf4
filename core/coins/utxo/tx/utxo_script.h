// Output scripts of the standard forms walletd spends and pays to (P2PKH, P2SH, P2WPKH, P2WSH,
// other witness versions), their recognition, and script pushes.
#pragma once

#include <optional>

#include "core/coins/utxo/utxo_address_codec.h"

namespace walletd {

// The scriptPubKey paying `address`.
Bytes scriptPubKeyFor(const UtxoAddress& address);
// What kind of output `script` is; nullopt for non-standard scripts (OP_RETURN, bare multisig).
std::optional<UtxoAddress> standardOutput(ByteView script);
// P2PKH's script, also BIP143's scriptCode for a P2WPKH input.
Bytes p2pkhScript(ByteView hash160);
// Appends a minimal push of `data` (up to 520 bytes) to `script`.
void pushData(Bytes& script, ByteView data);

}  // namespace walletd

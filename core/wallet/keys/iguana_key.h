// KDF's Iguana key: the single private key a non-HD node derives from its passphrase
// (spec §2.2 DerivationMethod "Iguana").
#pragma once

#include <string_view>

#include "core/crypto/secp256k1.h"

namespace walletd {

// A valid WIF is used as is (a WIF-shaped string with a bad checksum is an error, as in KDF);
// "0x" + 64 hex digits is used as is; anything else is SHA-256(passphrase) with
// hash[0] &= 248, hash[31] &= 127, hash[31] |= 64. Throws CryptoError; the text never holds
// the passphrase.
PrivateKey iguanaPrivateKey(std::string_view passphrase);

}  // namespace walletd

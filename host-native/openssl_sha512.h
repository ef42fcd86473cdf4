// OpenSSL's SHA-512 compression (its assembly on x86-64 and ARM), installed at the daemon's
// start for PBKDF2's inner loop (BIP39 seeds, the wallet file's key): about 1.5× the portable
// compression here, so a BIP39 seed beats OpenSSL's own PBKDF2.
#pragma once

namespace walletd {

// Installs it when it compresses as the portable code does; answers whether it did.
bool installOpensslSha512();

}  // namespace walletd

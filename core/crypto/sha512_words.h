// The SHA-512 compression function (FIPS 180-4 §6.4.2) on 64-bit words, for PBKDF2's inner loop:
// there the message is always one pre-padded block of words, so skipping Mbed TLS's byte loads
// and stores and its context handling makes each iteration markedly cheaper. General hashing goes
// through Mbed TLS (hashes.h); a unit test checks this function against it. A host with a faster
// compression (the daemon: OpenSSL's assembly) installs it for PBKDF2 through the hook below.
#pragma once

#include <cstdint>

namespace walletd {

void sha512CompressWords(std::uint64_t state[8], const std::uint64_t block[16]);

using Sha512Compressor = void (*)(std::uint64_t state[8], const std::uint64_t block[16]);
// The compression PBKDF2 uses: sha512CompressWords unless a host installed another.
Sha512Compressor sha512Compressor();
// Installs `compressor` when it gives sha512CompressWords's results on a few test blocks, and
// answers whether it did. For a host's start-up, before anything hashes.
bool installSha512Compressor(Sha512Compressor compressor);

}  // namespace walletd

// The SHA-512 compression function (FIPS 180-4 §6.4.2) on 64-bit words, for PBKDF2's inner loop:
// there the message is always one pre-padded block of words, so skipping Mbed TLS's byte loads
// and stores and its context handling makes each iteration markedly cheaper. General hashing goes
// through Mbed TLS (hashes.h); a unit test checks this function against it.
#pragma once

#include <cstdint>

namespace walletd {

void sha512CompressWords(std::uint64_t state[8], const std::uint64_t block[16]);

}  // namespace walletd

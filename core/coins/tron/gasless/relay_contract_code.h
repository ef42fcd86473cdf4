// The relay provider's custody-contract creation code (hex, no 0x) for each TRON network: the
// init code CREATE2 hashes to give a user's relay address (relay_address.h). Generated from the
// provider's published SDK by scripts/gen-relay-contract-code.mjs; unit tests pin each one's
// Keccak-256.
#pragma once

namespace walletd {

extern const char* const kRelayCreationCodeMainnet;
extern const char* const kRelayCreationCodeNile;
extern const char* const kRelayCreationCodeShasta;

}  // namespace walletd

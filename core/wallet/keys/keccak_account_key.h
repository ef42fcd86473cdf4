// KeccakAccountKey: one secp256k1 key and the 20-byte account it controls (the last 20 bytes of
// Keccak-256 of the uncompressed public key). The EVM family writes the account as an EIP-55
// address, TRON as base58check after its 0x41 prefix. The private key is wiped when the value goes
// away.
#pragma once

#include <string>

#include "core/crypto/secp256k1.h"
#include "core/encoding/eth_address.h"

namespace walletd {

struct KeccakAccountKey {
  PrivateKey key{};
  PublicKey public_key;
  EthAddress account{};
  std::string derivation_path;  // empty for the Iguana key

  static KeccakAccountKey fromKey(const PrivateKey& key, std::string derivation_path);
  // An account whose key is elsewhere (a hardware wallet): `key` stays zero.
  static KeccakAccountKey fromPublicKey(const PublicKey& public_key, std::string derivation_path);
  ~KeccakAccountKey();
  KeccakAccountKey() = default;
  KeccakAccountKey(const KeccakAccountKey&) = default;
  KeccakAccountKey& operator=(const KeccakAccountKey&) = default;
};

}  // namespace walletd

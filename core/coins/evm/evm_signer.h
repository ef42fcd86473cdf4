// EvmSigner: one key an EVM platform signs with and the address it controls — the Iguana key, or
// one HD address with its derivation path.
#pragma once

#include <string>

#include "core/crypto/secp256k1.h"
#include "core/encoding/eth_address.h"

namespace walletd {

struct EvmSigner {
  PrivateKey key{};
  PublicKey public_key;
  EthAddress address{};
  std::string derivation_path;  // empty for the Iguana key

  static EvmSigner fromKey(const PrivateKey& key, std::string derivation_path);
  std::string checksumAddress() const { return eip55Checksum(address); }
  ~EvmSigner();
  EvmSigner() = default;
  EvmSigner(const EvmSigner&) = default;
  EvmSigner& operator=(const EvmSigner&) = default;
};

}  // namespace walletd

// The relay provider's TIP-712 PermitTransfer: what the user signs so the provider may move
// `value` of `token` from the user's relay address to `receiver`, charging at most `max_fee`,
// before `deadline` (unix seconds), with the user's relay `nonce`. TIP-712 is EIP-712 with TRON
// addresses hashed as their 20 bytes; the domain is GasFreeController / V1.0.0 / the network's
// chain id / its controller. The signature is r ‖ s ‖ v with v = 27 or 28 (RFC 6979, low s).
#pragma once

#include <cstdint>

#include "core/coins/tron/gasless/relay_network.h"
#include "core/crypto/secp256k1.h"
#include "core/encoding/uint256.h"

namespace walletd {

struct PermitTransfer {
  EthAddress token{};
  EthAddress service_provider{};
  EthAddress user{};
  EthAddress receiver{};
  UInt256 value;
  UInt256 max_fee;
  std::uint64_t deadline = 0;
  std::uint64_t version = 1;
  std::uint64_t nonce = 0;
};

using PermitSignature = ByteArray<65>;

Digest32 permitDomainSeparator(const RelayNetwork& network);
Digest32 permitStructHash(const PermitTransfer& permit);
// keccak256(0x19 0x01 ‖ domain separator ‖ struct hash): the digest that is signed.
Digest32 permitDigest(const RelayNetwork& network, const PermitTransfer& permit);

PermitSignature signPermit(const RelayNetwork& network, const PermitTransfer& permit,
                           const PrivateKey& key);
// The account that signed, or nullopt when the signature does not recover (bad v, r or s).
std::optional<EthAddress> permitSigner(const RelayNetwork& network, const PermitTransfer& permit,
                                       const PermitSignature& signature);

}  // namespace walletd

// EVM transactions walletd signs: legacy with EIP-155 replay protection (type 0) and EIP-1559
// (type 2, empty access list). Signing hash, signature and raw serialisation.
#pragma once

#include <optional>

#include "core/crypto/secp256k1.h"
#include "core/encoding/eth_address.h"
#include "core/encoding/uint256.h"

namespace walletd {

struct EvmTransaction {
  enum class Type { Legacy, Eip1559 } type = Type::Eip1559;
  std::uint64_t chain_id = 1;
  UInt256 nonce;
  UInt256 gas_price;                 // legacy
  UInt256 max_priority_fee_per_gas;  // EIP-1559
  UInt256 max_fee_per_gas;           // EIP-1559
  UInt256 gas_limit;
  std::optional<EthAddress> to;  // empty = contract creation
  UInt256 value;
  Bytes data;

  Digest32 signingHash() const;
  // The raw signed transaction (what eth_sendRawTransaction takes) and its hash.
  struct Signed {
    Bytes raw;
    Digest32 hash;
  };
  Signed sign(const PrivateKey& key) const;
  // The raw transaction with a signature made elsewhere (a session wallet's, read back).
  Signed withSignature(const RecoverableSignature& signature) const;
};

}  // namespace walletd

// Signature hashes for SIGHASH_ALL: the legacy algorithm and BIP143 (segwit v0). BIP143's
// midstate hashes (prevouts, sequences, outputs) are computed once per transaction, so signing
// n inputs costs O(n), not O(n²). BCH's FORKID digest is BIP143 with another hash type: the
// hash type is a parameter for that reason.
#pragma once

#include "core/coins/utxo/tx/utxo_transaction.h"
#include "core/crypto/secp256k1.h"

namespace walletd {

inline constexpr std::uint32_t kSighashAll = 0x01;

// The legacy digest of input `index` spending an output with `script_code`.
Digest32 legacySighash(const UtxoTransaction& tx, std::size_t index, ByteView script_code,
                       std::uint32_t hash_type = kSighashAll);

class Bip143Sighash {
 public:
  explicit Bip143Sighash(const UtxoTransaction& tx);
  // The digest of input `index` spending `amount` satoshis under `script_code`.
  Digest32 digest(std::size_t index, ByteView script_code, std::uint64_t amount,
                  std::uint32_t hash_type = kSighashAll) const;

 private:
  const UtxoTransaction& tx_;
  ByteArray<32> hash_prevouts_;
  ByteArray<32> hash_sequence_;
  ByteArray<32> hash_outputs_;
};

}  // namespace walletd

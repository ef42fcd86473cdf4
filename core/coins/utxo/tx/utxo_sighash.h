// Signature hashes. legacySighash and Bip143Sighash are Bitcoin's two digests for SIGHASH_ALL
// (BIP143's midstates are computed once per transaction, so signing n inputs costs O(n), not
// O(n²)). A chain signs through a UtxoSighashScheme: the digest of each input and the hash-type
// byte after each signature. BitcoinSighash covers Bitcoin and Litecoin (legacy for P2PKH,
// BIP143 for P2WPKH), KDF's `signature_version: witness_v0` (BIP143 for every input) and, with
// another hash type, the FORKID chains; ZIP-243 chains bring their own scheme.
#pragma once

#include <memory>

#include "core/coins/utxo/tx/spend_kind.h"
#include "core/coins/utxo/tx/utxo_transaction.h"
#include "core/crypto/secp256k1.h"

namespace walletd {

inline constexpr std::uint32_t kSighashAll = 0x01;

// The legacy digest of input `index` spending an output with `script_code`.
Digest32 legacySighash(const UtxoTransaction& tx, std::size_t index, ByteView script_code,
                       std::uint32_t hash_type = kSighashAll);

// The concatenated outpoints, sequences and outputs of `tx`: what BIP143 (and ZIP-243, with
// another hash) commits to once per transaction.
struct TransparentParts {
  Bytes prevouts, sequences, outputs;
};
TransparentParts transparentParts(const UtxoTransaction& tx);

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

// The digests of one transaction's inputs (made once per transaction and signing pass; it may
// keep midstates, and it refers to the transaction, which must outlive it).
class UtxoInputDigests {
 public:
  virtual ~UtxoInputDigests() = default;
  // The digest of input `index`, of `kind`, spending `amount` satoshis under `script_code`.
  virtual Digest32 digest(std::size_t index, SpendKind kind, ByteView script_code,
                          std::uint64_t amount) const = 0;
};

class UtxoSighashScheme {
 public:
  virtual ~UtxoSighashScheme() = default;
  virtual std::unique_ptr<UtxoInputDigests> forTransaction(const UtxoTransaction& tx) const = 0;
  // The byte after each DER signature (and, widened, the hash type the digests commit to).
  virtual std::uint8_t hashTypeByte() const = 0;
};

class BitcoinSighash : public UtxoSighashScheme {
 public:
  // `bip143_everywhere`: BIP143 for P2PKH inputs too (KDF's witness_v0 and fork_id
  // signature versions); `hash_type`: SIGHASH_ALL, OR-ed with a fork id where there is one.
  explicit BitcoinSighash(bool bip143_everywhere = false, std::uint32_t hash_type = kSighashAll)
      : bip143_everywhere_(bip143_everywhere), hash_type_(hash_type) {}
  std::unique_ptr<UtxoInputDigests> forTransaction(const UtxoTransaction& tx) const override;
  std::uint8_t hashTypeByte() const override { return static_cast<std::uint8_t>(hash_type_); }

 private:
  bool bip143_everywhere_;
  std::uint32_t hash_type_;
};

}  // namespace walletd

// ZIP-243: the signature digest of overwintered version-4 (Sapling) transactions — BLAKE2b-256
// over the header, the transparent parts' hashes, the (empty) shielded parts, locktime, expiry,
// value balance and the input, personalised with the chain's consensus branch id (Sapling
// 0x76b809bb for KMD). SIGHASH_ALL; the signature's hash-type byte is 0x01.
#pragma once

#include "core/coins/utxo/tx/utxo_sighash.h"

namespace walletd {

class Zip243Sighash : public UtxoSighashScheme {
 public:
  Zip243Sighash(std::uint32_t consensus_branch_id, std::uint32_t version_group_id)
      : branch_id_(consensus_branch_id), version_group_id_(version_group_id) {}
  // Throws std::invalid_argument for a transaction with shielded parts (walletd signs none).
  std::unique_ptr<UtxoInputDigests> forTransaction(const UtxoTransaction& tx) const override;
  std::uint8_t hashTypeByte() const override { return kSighashAll; }

 private:
  std::uint32_t branch_id_;
  std::uint32_t version_group_id_;
};

}  // namespace walletd

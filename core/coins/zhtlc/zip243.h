// ZIP-243: the signature digest of a version-4 (Sapling) transaction — BLAKE2b-256 personalised
// "ZcashSigHash" ‖ consensus branch id over the header, the hashes of the transparent inputs,
// sequences and outputs, of the JoinSplits, the Sapling spends (without their signatures) and
// outputs, then lock time, expiry, value balance and hash type, and for a transparent input its
// outpoint, script code, amount and sequence. Shielded signatures (spend authorisation and
// binding) sign the digest with no input (SIGHASH_ALL). All hash types are supported.
#pragma once

#include <optional>

#include "core/coins/zhtlc/sapling_transaction.h"

namespace walletd {

struct Zip243Input {
  std::size_t index = 0;
  Bytes script_code;
  std::uint64_t amount = 0;
};

inline constexpr std::uint32_t kSighashAll = 1;
inline constexpr std::uint32_t kSighashNone = 2;
inline constexpr std::uint32_t kSighashSingle = 3;
inline constexpr std::uint32_t kSighashAnyoneCanPay = 0x80;

// Throws std::out_of_range for an input the transaction does not have.
ByteArray<32> zip243Sighash(const SaplingTransaction& tx, std::uint32_t consensus_branch_id,
                            std::uint32_t hash_type, const std::optional<Zip243Input>& input);

}  // namespace walletd

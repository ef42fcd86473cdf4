// Sapling's Pedersen hashes (Zcash protocol specification §5.4.1.7) and what is built on them: the
// note commitment (§5.4.8.2), the Merkle tree's hash (§5.4.1.3) and its empty roots, the
// nullifier (§5.4.2) and the value commitment (§5.4.8.3).
#pragma once

#include <cstdint>
#include <vector>

#include "core/crypto/sapling/jubjub_point.h"

namespace walletd::sapling {

constexpr int kSaplingTreeDepth = 32;

// A bit string, one bit per element (0 or 1).
using Bits = std::vector<std::uint8_t>;
// Appends the bits of `bytes` least significant first in each byte (LEBS2OSP's inverse), at most
// `count` of them.
void appendBits(Bits& bits, ByteView bytes, std::size_t count);
void appendIntegerBits(Bits& bits, std::uint64_t value, int count);

// PedersenHashToPoint("Zcash_PH", bits): every chunk of three bits adds one precomputed multiple
// of its segment's generator.
JubjubPoint pedersenHashToPoint(const Bits& bits);

// NoteCommit_rcm(g_d, pk_d, v): the full point (the nullifier needs it); its u is cmu.
JubjubPoint noteCommitment(const ByteArray<32>& g_d, const ByteArray<32>& pk_d, std::uint64_t value,
                           const Fr& rcm);
// MerkleCRH at `level` (0 combines two leaves): u of PedersenHash(level ‖ left ‖ right).
ByteArray<32> merkleHash(int level, const ByteArray<32>& left, const ByteArray<32>& right);
// The root of an empty subtree of height `level` (0: the empty leaf, u = 1).
const ByteArray<32>& emptyRoot(int level);
// nf = BLAKE2s-256("Zcash_nf", repr(nk) ‖ repr(cm + [position]J)).
ByteArray<32> nullifier(const JubjubPoint& nk, const JubjubPoint& cm, std::uint64_t position);
// cv = [v]V + [rcv]R; a negative value is -v.
JubjubPoint valueCommitment(std::int64_t value, const Fr& rcv);

}  // namespace walletd::sapling

// Sapling's GroupHash^J (Zcash protocol specification §5.4.9.5): hash to a point of Jubjub's
// prime-order subgroup with BLAKE2s under an 8-byte personalisation, and the fixed generators
// derived from it (§5.4.9.4–§5.4.9.6, §5.4.8.3, §5.4.7.1).
#pragma once

#include <optional>
#include <string_view>

#include "core/crypto/sapling/jubjub_point.h"

namespace walletd::sapling {

// GroupHash(tag, m): nullopt when the digest is no point or the point has small order.
std::optional<JubjubPoint> groupHash(std::string_view tag, ByteView message);
// FindGroupHash: GroupHash(tag, m ‖ [i]) for the first i in 0..255 that gives a point.
JubjubPoint findGroupHash(std::string_view tag, ByteView message);
// DiversifyHash(d) = GroupHash("Zcash_gd", d): g_d, or nullopt for an invalid diversifier.
std::optional<JubjubPoint> diversifyHash(const ByteArray<11>& diversifier);

// The generators, computed once.
struct SaplingGenerators {
  JubjubPoint spend_auth;          // G: FindGroupHash("Zcash_G_", "")
  JubjubPoint proof_generation;    // H: FindGroupHash("Zcash_H_", "")
  JubjubPoint nullifier_position;  // J: FindGroupHash("Zcash_J_", "")
  JubjubPoint note_commit_r;       // FindGroupHash("Zcash_PH", "r")
  JubjubPoint value_commit_v;      // FindGroupHash("Zcash_cv", "v")
  JubjubPoint value_commit_r;      // FindGroupHash("Zcash_cv", "r")
  JubjubPoint pedersen[6];         // FindGroupHash("Zcash_PH", LE32(i))
};
const SaplingGenerators& saplingGenerators();

}  // namespace walletd::sapling

// RedJubjub (Zcash protocol specification §5.4.7): Schnorr signatures on Jubjub with
// H* = BLAKE2b-512("Zcash_RedJubjubH") reduced mod r_J, over a base point — the spend
// authorisation generator G for spendAuthSig, the value commitment's R for bindingSig. The
// message is signed as given (Sapling's callers prepend the verification key's encoding:
// repr(rk) ‖ sighash, repr(bvk) ‖ sighash).
#pragma once

#include "core/crypto/sapling/jubjub_point.h"

namespace walletd::sapling {

// R ‖ S (64 bytes). `randomness` is 80 uniformly random bytes (T), fresh per signature.
ByteArray<64> redJubjubSign(const Fr& sk, const JubjubPoint& base, ByteView message,
                            const ByteArray<80>& randomness);
// [8]([S]base - R - [c]vk) = identity with c = H*(R ‖ message), S canonical, R a point.
bool redJubjubVerify(const JubjubPoint& vk, const JubjubPoint& base, ByteView message,
                     const ByteArray<64>& signature);
// The randomised spend authorisation key rsk = ask + alpha (alpha random per spend).
inline Fr randomizedKey(const Fr& sk, const Fr& alpha) {
  return sk + alpha;
}

}  // namespace walletd::sapling

// GroupHash over BLAKE2s with the Sapling URS, and the generators built from it.
#include "core/crypto/sapling/group_hash.h"

#include "core/crypto/blake2s.h"
#include "core/crypto/crypto_error.h"

namespace walletd::sapling {
namespace {

// The uniform random string: the ASCII of a hash of a Bitcoin block (protocol spec §5.9).
constexpr std::string_view kUrs =
    "096b36a5804bfacef1691e173c366a47ff5ba84a44f26ddd7e8d9f79d5b42df0";

Bytes asMessage(std::string_view text) {
  return Bytes(text.begin(), text.end());
}

Bytes le32(std::uint32_t i) {
  return Bytes{static_cast<std::uint8_t>(i), static_cast<std::uint8_t>(i >> 8),
               static_cast<std::uint8_t>(i >> 16), static_cast<std::uint8_t>(i >> 24)};
}

}  // namespace

std::optional<JubjubPoint> groupHash(std::string_view tag, ByteView message) {
  const Bytes input = concatBytes({asBytes(kUrs), message});
  const std::optional<JubjubPoint> p = JubjubPoint::decode(blake2s256(input, asBytes(tag)));
  if (!p) return std::nullopt;
  const JubjubPoint q = p->mulByCofactor();
  if (q.isIdentity()) return std::nullopt;
  return q;
}

JubjubPoint findGroupHash(std::string_view tag, ByteView message) {
  Bytes m(message.begin(), message.end());
  m.push_back(0);
  for (int i = 0; i < 256; ++i) {
    m.back() = static_cast<std::uint8_t>(i);
    if (auto p = groupHash(tag, m)) return *p;
  }
  throw CryptoError("FindGroupHash found no point");  // never for Sapling's inputs
}

std::optional<JubjubPoint> diversifyHash(const ByteArray<11>& diversifier) {
  return groupHash("Zcash_gd", diversifier);
}

const SaplingGenerators& saplingGenerators() {
  static const SaplingGenerators g = [] {
    SaplingGenerators out{};
    out.spend_auth = findGroupHash("Zcash_G_", {});
    out.proof_generation = findGroupHash("Zcash_H_", {});
    out.nullifier_position = findGroupHash("Zcash_J_", {});
    out.note_commit_r = findGroupHash("Zcash_PH", asMessage("r"));
    out.value_commit_v = findGroupHash("Zcash_cv", asMessage("v"));
    out.value_commit_r = findGroupHash("Zcash_cv", asMessage("r"));
    for (std::uint32_t i = 0; i < 6; ++i) out.pedersen[i] = findGroupHash("Zcash_PH", le32(i));
    return out;
  }();
  return g;
}

}  // namespace walletd::sapling

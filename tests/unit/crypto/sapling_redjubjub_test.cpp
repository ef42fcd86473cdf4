// RedJubjub (core/crypto/sapling/redjubjub) against zcash-test-vectors' sapling_signatures rows:
// vk = [sk]G, rsk = sk + alpha, rvk = [rsk]G, and both published signatures verify over
// repr(vk) ‖ m (the key-prefixed message Sapling signs); fresh signatures verify, altered ones do
// not, with the spend authorisation base and the binding base.
#include <catch2/catch.hpp>

#include "core/crypto/sapling/group_hash.h"
#include "core/crypto/sapling/redjubjub.h"
#include "tests/unit/crypto/sapling_vectors.h"

using namespace walletd;
using namespace walletd::sapling;
using walletd::test::hexArray;
using walletd::test::VectorRow;
using walletd::test::zcashVectors;

namespace {

Bytes keyPrefixed(const JubjubPoint& vk, const Json& message) {
  return concatBytes({vk.encode(), fromHex(message.get<std::string>())});
}

ByteArray<80> randomnessOf(std::uint8_t seed) {
  ByteArray<80> t{};
  for (std::size_t i = 0; i < t.size(); ++i) t[i] = static_cast<std::uint8_t>(seed * 31 + i);
  return t;
}

}  // namespace

TEST_CASE("RedJubjub keys and signatures match zcash-test-vectors") {
  const JubjubPoint& g = saplingGenerators().spend_auth;
  const auto rows = zcashVectors("sapling_signatures.json");
  REQUIRE(rows.size() == 10);
  for (const VectorRow& row : rows) {
    const Fr sk = Fr::fromBytes(hexArray<32>(row.at("sk"))).value();
    const Fr alpha = Fr::fromBytes(hexArray<32>(row.at("alpha"))).value();
    const JubjubPoint vk = g.mul(sk);
    CHECK(toHex(vk.encode()) == row.at("vk"));
    const Fr rsk = randomizedKey(sk, alpha);
    CHECK(toHex(rsk.toBytes()) == row.at("rsk"));
    const JubjubPoint rvk = g.mul(rsk);
    CHECK(toHex(rvk.encode()) == row.at("rvk"));
    CHECK(redJubjubVerify(vk, g, keyPrefixed(vk, row.at("m")), hexArray<64>(row.at("sig"))));
    CHECK(redJubjubVerify(rvk, g, keyPrefixed(rvk, row.at("m")), hexArray<64>(row.at("rsig"))));
    CHECK_FALSE(redJubjubVerify(vk, g, keyPrefixed(vk, row.at("m")), hexArray<64>(row.at("rsig"))));
  }
}

TEST_CASE("RedJubjub signs what it verifies, on both Sapling bases; changes are refused") {
  const SaplingGenerators& gens = saplingGenerators();
  for (const JubjubPoint* base : {&gens.spend_auth, &gens.value_commit_r}) {
    const Fr sk = Fr::fromU64(0x1234567) * Fr::fromU64(0xfedcba987);
    const JubjubPoint vk = base->mul(sk);
    const Bytes message = concatBytes({vk.encode(), Bytes(32, 0xab)});
    ByteArray<64> sig = redJubjubSign(sk, *base, message, randomnessOf(1));
    CHECK(redJubjubVerify(vk, *base, message, sig));
    CHECK(redJubjubSign(sk, *base, message, randomnessOf(2)) != sig);
    Bytes other = message;
    other.back() ^= 1;
    CHECK_FALSE(redJubjubVerify(vk, *base, other, sig));
    sig[40] ^= 1;
    CHECK_FALSE(redJubjubVerify(vk, *base, message, sig));
    sig[40] ^= 1;
    sig[63] = 0xff;  // S no longer canonical
    CHECK_FALSE(redJubjubVerify(vk, *base, message, sig));
  }
}

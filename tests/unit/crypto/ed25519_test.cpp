// Ed25519 (core/crypto/ed25519) against RFC 8032 §7.1's vectors (TEST 1, 2, 3 and SHA(abc)) and
// against signatures OpenSSL made through node:crypto for longer messages.
#include <catch2/catch.hpp>

#include "core/crypto/ed25519/ed25519_key.h"
#include "core/crypto/hashes.h"
#include "core/encoding/hex.h"

using namespace walletd;

namespace {

struct Vector {
  const char* seed;
  const char* public_key;
  Bytes message;
  const char* signature;
};

ByteArray<32> seedOf(const char* hex) {
  const Bytes bytes = fromHex(hex);
  ByteArray<32> out;
  std::copy(bytes.begin(), bytes.end(), out.begin());
  return out;
}

void check(const Vector& v) {
  const Ed25519Key key = Ed25519Key::fromSeed(seedOf(v.seed));
  CHECK(toHex(key.publicKey()) == v.public_key);
  CHECK(toHex(key.sign(v.message)) == v.signature);
}

}  // namespace

TEST_CASE("Ed25519 signs RFC 8032's test vectors") {
  check(
      {"9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60",
       "d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a",
       {},
       "e5564300c360ac729086e2cc806e828a84877f1eb8e5d974d873e065224901555fb8821590a33bacc61e39701c"
       "f9b46bd25bf5f0595bbe24655141438e7a100b"});
  check(
      {"4ccd089b28ff96da9db6c346ec114e0f5b8a319f35aba624da8cf6ed4fb8a6fb",
       "3d4017c3e843895a92b70aa74d1b7ebc9c982ccf2ec4968cc0cd55f12af4660c", fromHex("72"),
       "92a009a9f0d4cab8720e820b5f642540a2b27b5416503f8fb3762223ebdb69da085ac1e43e15996e458f3613d0"
       "f11d8c387b2eaeb4302aeeb00d291612bb0c00"});
  check(
      {"c5aa8df43f9f837bedb7442f31dcb7b166d38535076f094b85ce3a2e0b4458f7",
       "fc51cd8e6218a1a38da47ed00230f0580816ed13ba3303ac5deb911548908025", fromHex("af82"),
       "6291d657deec24024827e69c3abe01a30ce548a284743a445e3680d7db5ac3ac18ff9b538d16f290ae67f76098"
       "4dc6594a7c15e9716ed28dc027beceea1ec40a"});
  const ByteArray<64> abc = sha512(asBytes("abc"));
  check(
      {"833fe62409237b9d62ec77587520911e9a759cec1d19755b7da901b96dca3d42",
       "ec172b93ad5e563bf4932c70e1245034c35467ef2efd4d64ebf819683467e2bf",
       Bytes(abc.begin(), abc.end()),
       "dc2a4459e7369633a52b1bf277839a00201009a3efbf3ecb69bea2186c26b58909351fc9ac90b3ecfdfbc7c664"
       "31e0303dca179c138ac17ad9bef1177331a704"});
}

TEST_CASE("Ed25519 agrees with OpenSSL on longer messages") {
  // Seed i = SHA-256("walletd-ed25519-<i>"), message = 97·i bytes of value 7·i + 1.
  const char* expected[3][2] = {
      {"a42ebac2f274de47a2594f624f4b4d8aefd40e0d1d4add01176425925165ae75",
       "5170443e8eaa9c9678bc5d9da2ff6c7c5fcc58a60004d029d82f11f07feb6f1d3d4f353a601a3042090c31d5b1"
       "c0f469e19fbd35c3e648dced2325617ea29105"},
      {"e14e13b29cc2aa183aca1425dcafcb685f264a37f7c09e0f204c0215aeb58c45",
       "f7973ea32e4b61bf0928fce94d8c10ddad644040d19ca353f8c755ad6b83dff26fcef836ba73182aee32dae82d"
       "6af6d3d4d6375d3803724e28bd433dfec9fb0a"},
      {"4c160f45febb1893bcf3e45d785ebbf276d8f27fd72c4fce29010dca8054b048",
       "5f988ee8fb9580cafe2df6ab8a0af21021fc1c1919a795ed386b193949d186416b5971feddf284a22d21989a8"
       "b468ad1feef8f9ce415f6b5129e6de44404bc08"}};
  for (int i = 1; i <= 3; ++i) {
    const ByteArray<32> seed = sha256Bytes(asBytes("walletd-ed25519-" + std::to_string(i)));
    const Ed25519Key key = Ed25519Key::fromSeed(seed);
    const Bytes message(97 * i, static_cast<std::uint8_t>(7 * i + 1));
    CHECK(toHex(key.publicKey()) == expected[i - 1][0]);
    CHECK(toHex(key.sign(message)) == expected[i - 1][1]);
  }
}

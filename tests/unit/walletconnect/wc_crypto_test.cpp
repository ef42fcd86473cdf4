// WalletConnect's cryptography against known answers: RFC 7748's X25519 vectors, and the vectors
// of the WalletConnect notes (key agreement, a type-0 envelope, the relay JWT), which were
// reproduced with OpenSSL and byte for byte with @walletconnect/relay-auth's signJWT.
#include <catch2/catch.hpp>

#include "core/crypto/aead.h"
#include "core/crypto/hkdf.h"
#include "core/crypto/x25519.h"
#include "core/encoding/base64.h"
#include "core/encoding/hex.h"
#include "core/walletconnect/relay_auth.h"
#include "core/walletconnect/wc_crypto.h"

using namespace walletd;

namespace {

ByteArray<32> array32(const std::string& hex) {
  const Bytes bytes = fromHex(hex);
  REQUIRE(bytes.size() == 32);
  ByteArray<32> out;
  std::copy(bytes.begin(), bytes.end(), out.begin());
  return out;
}

SecretArray<32> secret32(const std::string& hex) {
  return SecretArray<32>(array32(hex));
}

std::string repeat(const char* byte, int n) {
  std::string out;
  for (int i = 0; i < n; ++i) out += byte;
  return out;
}

}  // namespace

TEST_CASE("X25519 answers RFC 7748's vectors") {
  // §5.2, the first single-multiplication vector.
  const auto out =
      x25519(secret32("a546e36bf0527c9d3b16154b82465edd62144c0ac1fc5a18506a2244ba449ac4"),
             array32("e6db6867583030db3594c1a424b15f7c726624ec26b3353b10a903a6d0ab1c4c"));
  REQUIRE(out);
  CHECK(toHex(*out) == "c3da55379de9c6908e94ea4df28d084f32eccf03491c71f754b4075577a28552");
  // §6.1: Alice's and Bob's public keys and their shared secret.
  const auto alice = secret32("77076d0a7318a57d3c16c17251b26645df4c2f87ebc0992ab177fba51db92c2a");
  const auto bob = secret32("5dab087e624a8a4b79e17f8b83800ee66f3bb1292618b6fd1c2f8b27ff88e0eb");
  CHECK(toHex(x25519PublicKey(alice)) ==
        "8520f0098930a754748b7ddcb43ef75a0dbf3a0d26381af4eba4a98eaa9b4e6a");
  CHECK(toHex(x25519PublicKey(bob)) ==
        "de9edb7d7b7dc1b4d35b61c2ece435373f8343c85b78674dadfc7e146f882b4f");
  CHECK(toHex(x25519(alice, x25519PublicKey(bob)).value()) ==
        "4a5d9d5ba4ce2de1728e3bf480350f25e07e21c947d19e3376f09b3c1e161742");
  // A small-order point (0) gives the all-zero output, refused.
  CHECK_FALSE(x25519(alice, ByteArray<32>{}));
}

TEST_CASE("a WalletConnect session key, topic and type-0 envelope match the notes' vectors") {
  const auto a = secret32(repeat("11", 32));
  const auto b = secret32(repeat("22", 32));
  CHECK(toHex(x25519PublicKey(a)) ==
        "7b4e909bbe7ffe44c465a220037d608ee35897d31ef972f07f74892cb0f73f13");
  CHECK(toHex(x25519PublicKey(b)) ==
        "0faa684ed28867b97f4a6a2dee5df8ce974e76b7018e3f22a1c4cf2678570f20");
  const auto ab = wc::deriveSessionKey(a, x25519PublicKey(b));
  const auto ba = wc::deriveSessionKey(b, x25519PublicKey(a));
  REQUIRE(ab);
  REQUIRE(ba);
  CHECK(toHex(ByteView(ab->sym_key.data(), 32)) ==
        "dc5774cb6f12055709d3faed4fbe6b36f192c9a610a9fa0ad748c9f89975083f");
  CHECK(toHex(ByteView(ba->sym_key.data(), 32)) == toHex(ByteView(ab->sym_key.data(), 32)));
  CHECK(ab->topic == "b2bfbfd11c76cffd30bfd6c29163d24eeb5612ad7280ef7fea544d406a81f084");

  const std::string ping = R"({"id":1,"jsonrpc":"2.0","method":"wc_sessionPing","params":{}})";
  const std::string envelope =
      wc::sealEnvelope(ab->sym_key, fromHex("000102030405060708090a0b"), ping);
  CHECK(envelope ==
        "AAABAgMEBQYHCAkKC/zfm7WIw5iWzJ6IIJ1DVul16tV/66Aor95Hf+NZOhbyvIJlR/"
        "bIfkFMnviq0kQMlkAw9TEPeONU/"
        "Q/qChdmLPA0Zo0L/9FT5UOxXzfB8Q==");
  CHECK(wc::openEnvelope(ba->sym_key, envelope) == ping);
  // A changed byte, another key, a type-1 envelope and non-base64 text do not open.
  std::string tampered = envelope;
  tampered[20] = tampered[20] == 'A' ? 'B' : 'A';
  CHECK_FALSE(wc::openEnvelope(ab->sym_key, tampered));
  CHECK_FALSE(wc::openEnvelope(a, envelope));
  Bytes type1 = base64Decode(envelope);
  type1[0] = 1;
  CHECK_FALSE(wc::openEnvelope(ab->sym_key, base64Encode(type1)));
  CHECK_FALSE(wc::openEnvelope(ab->sym_key, "not base64!"));
}

TEST_CASE("the relay JWT is the notes' vector, byte for byte") {
  const Ed25519Key key = Ed25519Key::fromSeed(array32(repeat("33", 32)));
  CHECK(toHex(key.publicKey()) ==
        "17cb79fb2b4120f2b1ec65e4198d6e08b28e813feb01e4a400839b85e18080ce");
  CHECK(wc::didKeyOf(key.publicKey()) ==
        "did:key:z6Mkg49NtQR2LyYRDCQFK4w1VVHqhypZSSRo7HsyuN7SV7v5");
  wc::RelayClaims claims;
  claims.sub = "c479fe5dc464e771e78b193d239a65b58d278cad1c34bfb0b5716e5bb514928e";
  claims.aud = "ws://127.0.0.1:5555";
  claims.iat = 1700000000;
  claims.exp = 1700086400;
  CHECK(wc::relayJwt(key, claims) ==
        "eyJhbGciOiJFZERTQSIsInR5cCI6IkpXVCJ9."
        "eyJpc3MiOiJkaWQ6a2V5Ono2TWtnNDlOdFFSMkx5WVJEQ1FGSzR3MVZWSHFoeXBaU1NSbzdIc3l1TjdTVjd2NSIsIn"
        "N1YiI6"
        "ImM0NzlmZTVkYzQ2NGU3NzFlNzhiMTkzZDIzOWE2NWI1OGQyNzhjYWQxYzM0YmZiMGI1NzE2ZTViYjUxNDkyOGUiLC"
        "JhdWQi"
        "OiJ3czovLzEyNy4wLjAuMTo1NTU1IiwiaWF0IjoxNzAwMDAwMDAwLCJleHAiOjE3MDAwODY0MDB9."
        "PtB1GhqHzyNoA_nACxXQnDsTvMGiPSD1Dn1Ghl7qRTr8gQj2V-i5_wWkMrNisXCkyH0XTuFhLw9EOZscOaJ4AQ");
}

TEST_CASE("base64url, HKDF-SHA256 and ChaCha20-Poly1305 answer their RFCs") {
  CHECK(base64UrlEncode(fromHex("fbff")) == "-_8");
  CHECK(toHex(base64UrlDecode("-_8")) == "fbff");
  CHECK_THROWS(base64UrlDecode("+/8"));
  // RFC 5869 A.1 (its first 32 bytes of OKM).
  const auto okm = hkdfSha256(fromHex("000102030405060708090a0b0c"),
                              fromHex("0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b"),
                              fromHex("f0f1f2f3f4f5f6f7f8f9"));
  CHECK(toHex(ByteView(okm.data(), 32)) ==
        "3cb25f25faacd57a90434f64d0362f2a2d2d0a90cf1a5a4c5db02d56ecc4c5bf");
  // RFC 8439 §2.8.2.
  const auto key = secret32("808182838485868788898a8b8c8d8e8f909192939495969798999a9b9c9d9e9f");
  const std::string text =
      "Ladies and Gentlemen of the class of '99: If I could offer you only one tip for the future, "
      "sunscreen would be it.";
  const Bytes sealed = chacha20Poly1305Seal(
      key, fromHex("070000004041424344454647"),
      ByteView(reinterpret_cast<const std::uint8_t*>(text.data()), text.size()),
      fromHex("50515253c0c1c2c3c4c5c6c7"));
  CHECK(toHex(ByteView(sealed.data() + sealed.size() - 16, 16)) ==
        "1ae10b594f09e26a7e902ecbd0600691");
  CHECK(toHex(ByteView(sealed.data(), 4)) == "d31a8d34");
}

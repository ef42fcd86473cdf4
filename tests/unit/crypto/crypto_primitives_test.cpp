// core/crypto against published vectors: SHA-2, RIPEMD-160, HMAC, PBKDF2, Keccak-256 (with
// multi-block inputs checked against @noble/hashes), BLAKE2b (RFC 7693, keyed, personalised), the
// secp256k1 wrapper (RFC 6979 determinism, low-S, recovery, illegal input without abort), AEAD.
#include <catch2/catch.hpp>

#include "core/crypto/aead.h"
#include "core/crypto/blake2b.h"
#include "core/crypto/crypto_error.h"
#include "core/crypto/hashes.h"
#include "core/crypto/keccak.h"
#include "core/crypto/pbkdf2.h"
#include "core/crypto/secp256k1.h"
#include "core/crypto/sha512_words.h"
#include "core/encoding/hex.h"

using namespace walletd;

namespace {
std::string hexOf(ByteView bytes) {
  return toHex(bytes);
}
Bytes bytesOf(const char* hex) {
  return fromHex(hex);
}
}  // namespace

TEST_CASE("SHA-256, SHA-512, RIPEMD-160 and HMAC match their published vectors") {
  CHECK(hexOf(sha256Bytes(asBytes("abc"))) ==
        "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  CHECK(hexOf(sha512(asBytes("abc"))) ==
        "ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a2192992a274fc1a836ba3c23a3"
        "feebbd"
        "454d4423643ce80e2a9ac94fa54ca49f");
  CHECK(hexOf(ripemd160(asBytes("abc"))) == "8eb208f7e05d987a9b044a8e98c6b087f15a0bfc");
  CHECK(hexOf(ripemd160(asBytes(""))) == "9c1185a5c5e9fc54612808977ee8f548b2258d31");
  // RFC 4231 test case 2.
  CHECK(hexOf(hmacSha256(asBytes("Jefe"), asBytes("what do ya want for nothing?"))) ==
        "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843");
  CHECK(hexOf(hmacSha512(asBytes("Jefe"), asBytes("what do ya want for nothing?"))) ==
        "164b7a7bfcf819e2e395fbe73b56e0a387bd64222e831fd610270cd7ea2505549758bf75c05a994a6d034f65f8"
        "f0e6fd"
        "caeab1a34d4a6b4b636e070a38bce737");
}

TEST_CASE("PBKDF2-HMAC-SHA512 matches the BIP39 vector and the generic definition") {
  // BIP39 "abandon ... about" with password TREZOR.
  const char* mnemonic =
      "abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon "
      "about";
  CHECK(hexOf(pbkdf2HmacSha512(asBytes(mnemonic), asBytes("mnemonicTREZOR"), 2048)) ==
        "c55257c360c07c72029aebc1b53c05ed0362ada38ead3e3e9efa3708e53495531f09a6987599d18264c1e1c92f"
        "2cf1"
        "41630c7a3c4ab7c81b2f001698e7463b04");
  // One iteration is HMAC(password, salt || 00000001); a password longer than a block is hashed.
  const std::string long_password(300, 'p');
  Bytes salted = bytesOf("73616c7400000001");
  CHECK(pbkdf2HmacSha512(asBytes(long_password), asBytes("salt"), 1) ==
        hmacSha512(asBytes(long_password), salted));
  CHECK_THROWS_AS(pbkdf2HmacSha512(asBytes("p"), asBytes("s"), 0), CryptoError);
}

TEST_CASE("the word-oriented SHA-512 compression equals Mbed TLS's SHA-512") {
  // "abc" padded into one block: 0x61626380 00.. with bit length 24.
  std::uint64_t block[16] = {0x6162638000000000ULL};
  block[15] = 24;
  std::uint64_t state[8] = {0x6a09e667f3bcc908ULL, 0xbb67ae8584caa73bULL, 0x3c6ef372fe94f82bULL,
                            0xa54ff53a5f1d36f1ULL, 0x510e527fade682d1ULL, 0x9b05688c2b3e6c1fULL,
                            0x1f83d9abfb41bd6bULL, 0x5be0cd19137e2179ULL};
  sha512CompressWords(state, block);
  Bytes digest;
  for (std::uint64_t word : state) {
    for (int b = 7; b >= 0; --b) digest.push_back(static_cast<std::uint8_t>(word >> (8 * b)));
  }
  const auto expected = sha512(asBytes("abc"));
  CHECK(digest == Bytes(expected.begin(), expected.end()));
}

namespace {
// A compression that is wrong in one bit of its result.
void almostSha512(std::uint64_t state[8], const std::uint64_t block[16]) {
  sha512CompressWords(state, block);
  state[7] ^= 1;
}
}  // namespace

TEST_CASE("a host's SHA-512 compression is installed only when it compresses as the portable one") {
  CHECK(sha512Compressor() != &almostSha512);
  CHECK_FALSE(installSha512Compressor(&almostSha512));
  CHECK_FALSE(installSha512Compressor(nullptr));
  CHECK(sha512Compressor() != &almostSha512);
  const Sha512Compressor before = sha512Compressor();
  CHECK(installSha512Compressor(&sha512CompressWords));
  CHECK(sha512Compressor() == &sha512CompressWords);
  installSha512Compressor(before);
}

TEST_CASE("Keccak-256 uses the original padding, across block boundaries") {
  CHECK(hexOf(keccak256({})) == "c5d2460186f7233c927e7db2dcc703c0e500b653ca82273b7bfad8045d85a470");
  CHECK(hexOf(keccak256(asBytes("abc"))) ==
        "4e03657aea45a94fc7d47ba826c8d667c0d1e6e33a64a036ec44f58fa12d6c45");
  CHECK(hexOf(keccak256(asBytes("The quick brown fox jumps over the lazy dog"))) ==
        "4d741b6f1eb29cb2a9b9911c82f56fa8d73b04959d3d9d222895df6c0b28aa15");
  // 135, 136 and 200 bytes: one byte short of the rate, exactly the rate, more than one block.
  CHECK(hexOf(keccak256(asBytes(std::string(135, 'a')))) ==
        "34367dc248bbd832f4e3e69dfaac2f92638bd0bbd18f2912ba4ef454919cf446");
  CHECK(hexOf(keccak256(asBytes(std::string(136, 'a')))) ==
        "a6c4d403279fe3e0af03729caada8374b5ca54d8065329a3ebcaeb4b60aa386e");
  CHECK(hexOf(keccak256(asBytes(std::string(200, 'a')))) ==
        "96ea54061def936c4be90b518992fdc6f12f535068a256229aca54267b4d084d");
}

TEST_CASE("BLAKE2b: RFC 7693, keyed and personalised (Zcash sighash style)") {
  CHECK(hexOf(blake2b(asBytes("abc"))) ==
        "ba80a53f981c4d0d6a2797b69f12f6e94c212f14685ac4b74b12bb6fdbffa2d17d87c5392aab792dc252d5de45"
        "33cc95"
        "18d38aa8dbf1925ab92386edd4009923");
  CHECK(hexOf(blake2b({})) ==
        "786a02f742015903c6c6fd852552d272912f4740e15847618a86e217f71f5419d25e1031afee58531389644493"
        "4eb04b"
        "903a685b1448b755d56f701afe9be2ce");
  CHECK(hexOf(blake2b(asBytes(std::string(128, 'b')))) ==
        "1647cd53f8be2af17c7bebbd4543efb60950ebd3ba3979f68d3c1902644f083861baa7920716b04f30f0f66f90"
        "01b4ab"
        "86838503964f2ff449d424fa5619fc99");
  Bytes personal(asBytes("ZcashSigHash").begin(), asBytes("ZcashSigHash").end());
  personal.insert(personal.end(), {0x19, 0x1b, 0xa8, 0x5b});
  CHECK(hexOf(blake2b(asBytes("abc"), {32, {}, personal})) ==
        "f70d595e1801bc8803023d543705cd3bf3d5e75ba3244142f983c4e767c05f99");
  CHECK(hexOf(blake2b(asBytes(std::string(300, 'a')), {64, asBytes("walletd-key"), {}})) ==
        "9daae56542494c36ed04528ccdb281b9dba639a6422fbd167f9f6075971ff66b1ff33a98631d4e76ab14e4f744"
        "d8172c"
        "49095e87aeb210e7e975c9161e7f6e51");
  CHECK_THROWS_AS(blake2b(asBytes("x"), {65, {}, {}}), CryptoError);
  CHECK_THROWS_AS(blake2b(asBytes("x"), {32, {}, asBytes("short")}), CryptoError);
}

TEST_CASE("secp256k1: deterministic low-S signatures that verify and recover") {
  PrivateKey key{};
  key[31] = 1;  // the generator's private key
  const PublicKey pub = PublicKey::fromPrivate(key);
  CHECK(hexOf(pub.compressed()) ==
        "0279be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798");
  const Digest32 digest = sha256Bytes(asBytes("walletd"));
  const Bytes der1 = signDer(digest, key);
  CHECK(der1 == signDer(digest, key));  // RFC 6979
  CHECK(verifyDer(digest, der1, pub));
  Digest32 other = digest;
  other[0] ^= 1;
  CHECK_FALSE(verifyDer(other, der1, pub));
  const RecoverableSignature sig = signRecoverable(digest, key);
  CHECK(sig.compact[32] < 0x80);  // low S: the top bit of s is clear
  CHECK(recoverPublicKey(digest, sig).compressed() == pub.compressed());
}

TEST_CASE("secp256k1: invalid input is a CryptoError, never an abort") {
  PrivateKey zero{};
  CHECK_FALSE(isValidPrivateKey(zero));
  CHECK_THROWS_AS(PublicKey::fromPrivate(zero), CryptoError);
  CHECK_THROWS_AS(PublicKey::parse(bytesOf("0400")), CryptoError);
  Bytes not_on_curve(33, 0);
  not_on_curve[0] = 2;
  not_on_curve[32] = 7;  // x = 7 has no point on the curve
  CHECK_THROWS_AS(PublicKey::parse(not_on_curve), CryptoError);
  ByteArray<32> order{};
  const Bytes n = bytesOf("fffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141");
  std::copy(n.begin(), n.end(), order.begin());
  PrivateKey one{};
  one[31] = 1;
  CHECK_THROWS_AS(privateKeyTweakAdd(one, order), CryptoError);
  RecoverableSignature bad;
  bad.recovery_id = 7;
  CHECK_THROWS_AS(recoverPublicKey(Digest32{}, bad), CryptoError);
}

TEST_CASE("AES-256-GCM seals and refuses a wrong key, nonce or associated data") {
  SecretArray<32> key;
  key[0] = 9;
  const Bytes nonce(12, 1);
  const Bytes sealed = aes256GcmSeal(key, nonce, asBytes("secret words"), asBytes("wallet"));
  CHECK(sealed.size() == 12 + 16);
  auto opened = aes256GcmOpen(key, nonce, sealed, asBytes("wallet"));
  REQUIRE(opened);
  CHECK(std::string(opened->begin(), opened->end()) == "secret words");
  CHECK_FALSE(aes256GcmOpen(key, nonce, sealed, asBytes("other")));
  SecretArray<32> wrong = key;
  wrong[1] = 1;
  CHECK_FALSE(aes256GcmOpen(wrong, nonce, sealed, asBytes("wallet")));
  Bytes tampered = sealed;
  tampered[0] ^= 1;
  CHECK_FALSE(aes256GcmOpen(key, nonce, tampered, asBytes("wallet")));
}

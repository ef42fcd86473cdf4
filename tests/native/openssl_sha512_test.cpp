// OpenSSL's SHA-512 compression for PBKDF2: it installs (it compresses as the portable code), and
// a BIP39 seed through it is the reference vector's and the portable code's.
#include <catch2/catch.hpp>

#include "core/crypto/sha512_words.h"
#include "core/encoding/hex.h"
#include "core/wallet/keys/bip39.h"
#include "host-native/openssl_sha512.h"

using namespace walletd;

TEST_CASE("OpenSSL's SHA-512 compression installs and gives the same BIP39 seeds") {
  const std::string mnemonic =
      "abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon "
      "about";
  const Sha512Compressor portable = sha512Compressor();
  const SecretBytes before = mnemonicToSeed(mnemonic, "TREZOR");
  REQUIRE(installOpensslSha512());
  CHECK(sha512Compressor() != portable);
  const SecretBytes after = mnemonicToSeed(mnemonic, "TREZOR");
  // The first of Trezor's BIP39 vectors (python-mnemonic's vectors.json).
  CHECK(toHex(after.view()) ==
        "c55257c360c07c72029aebc1b53c05ed0362ada38ead3e3e9efa3708e53495531f09a6987599d18264c1e1c9"
        "2f2cf141630c7a3c4ab7c81b2f001698e7463b04");
  CHECK(toHex(before.view()) == toHex(after.view()));
  installSha512Compressor(portable);
}

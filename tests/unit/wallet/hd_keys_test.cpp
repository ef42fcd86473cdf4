// core/wallet/keys: BIP39 (reference vectors with the "TREZOR" password), BIP32 vectors 1-5,
// BIP84, KDF's Iguana key rules and WIF.
#include <catch2/catch.hpp>

#include "core/crypto/crypto_error.h"
#include "core/crypto/hashes.h"
#include "core/encoding/encoding_error.h"
#include "core/encoding/hex.h"
#include "core/wallet/keys/bip32.h"
#include "core/wallet/keys/bip39.h"
#include "core/wallet/keys/iguana_key.h"
#include "core/wallet/keys/wif.h"
#include "tests/unit/test_support.h"

using namespace walletd;
using namespace walletd::test;

TEST_CASE("BIP39 reference vectors: entropy → mnemonic → seed → root xprv") {
  const Json vectors = readVectors("bip39_trezor.json");
  const std::string password = vectors["password"];
  for (const Json& v : vectors["vectors"]) {
    const std::string mnemonic = v[1];
    CAPTURE(mnemonic);
    CHECK(mnemonicFromEntropy(fromHex(v[0].get<std::string>())) == mnemonic);
    CHECK_NOTHROW(validateMnemonic(mnemonic));
    const SecretBytes seed = mnemonicToSeed(mnemonic, password);
    CHECK(toHex(seed.view()) == v[2].get<std::string>());
    CHECK(ExtendedKey::fromSeed(seed.view()).serialize() == v[3].get<std::string>());
  }
}

TEST_CASE("BIP39 validation names the problem without echoing words") {
  CHECK_THROWS_WITH(validateMnemonic("abandon abandon abandon"),
                    Catch::Contains("12, 15, 18, 21 or 24 words, got 3"));
  CHECK_THROWS_WITH(validateMnemonic("abandon abandon abandon abandon abandon abandon abandon "
                                     "abandon abandon abandon abandon abandon"),
                    Catch::Contains("checksum does not match"));
  CHECK_THROWS_WITH(validateMnemonic("abandon abandon abandon abandon abandon abandon abandon "
                                     "abandon abandon abandon secretword about"),
                    Catch::Contains("word 11 is not in the BIP39 English list") &&
                        !Catch::Contains("secretword"));
  CHECK_THROWS_WITH(
      validateMnemonic(
          "abandon  abandon abandon abandon abandon abandon abandon abandon abandon abandon about"),
      Catch::Contains("single spaces"));
  CHECK_THROWS_AS(mnemonicFromEntropy(Bytes(15, 0)), Bip39Error);
}

TEST_CASE("BIP32 vectors 1-4 derive and serialise; vector 5 keys are refused") {
  const Json vectors = readVectors("bip32.json");
  for (const Json& v : vectors["valid"]) {
    const ExtendedKey master = ExtendedKey::fromSeed(fromHex(v["seed"].get<std::string>()));
    for (const Json& chain : v["chains"]) {
      const std::string path = chain[0];
      CAPTURE(path);
      const ExtendedKey key = master.derivePath(DerivationPath::parse(path));
      CHECK(key.serializePublic() == chain[1].get<std::string>());
      CHECK(key.serialize() == chain[2].get<std::string>());
      CHECK(ExtendedKey::parse(chain[2].get<std::string>()).serialize() ==
            chain[2].get<std::string>());
      CHECK(ExtendedKey::parse(chain[1].get<std::string>()).serializePublic() ==
            chain[1].get<std::string>());
    }
  }
  // Public derivation of a non-hardened child matches private derivation (vector 1, m/0'/1/2'/2).
  const ExtendedKey master = ExtendedKey::fromSeed(fromHex("000102030405060708090a0b0c0d0e0f"));
  const ExtendedKey parent = master.derivePath(DerivationPath::parse("m/0'/1/2'"));
  CHECK(parent.neutered().derive(2).serializePublic() == parent.derive(2).serializePublic());
  CHECK_THROWS_AS(parent.neutered().derive(kHardened), CryptoError);
  for (const Json& text : vectors["invalid"]) {
    CAPTURE(text.get<std::string>());
    CHECK_THROWS(ExtendedKey::parse(text.get<std::string>()));
  }
}

TEST_CASE("BIP84 vector: abandon...about → m/84'/0'/0'/0/0") {
  const std::string mnemonic =
      "abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon "
      "about";
  const ExtendedKey root = ExtendedKey::fromSeed(mnemonicToSeed(mnemonic, "").view());
  const ExtendedKey key = root.derivePath(DerivationPath::parse("m/84'/0'/0'/0/0"));
  CHECK(toHex(key.compressedPublicKey()) ==
        "0330d54fd0dd420a6e5f8d3624f5f3482cae350f79d5f0753bf5beef9c2d91af3c");
  CHECK(encodeWif(key.privateKey(), 0x80) ==
        "KyZpNDKnfs94vbrwhJneDi77V6jF64PWPF8x5cdJb8ifgg2DUc9d");
  CHECK(root.derivePath(DerivationPath::parse("m/84'/0'/0'"))
            .serializePublic(ExtendedKeyVersions{0x04b2430c, 0x04b24746}) ==
        "zpub6rFR7y4Q2AijBEqTUquhVz398htDFrtymD9xYYfG1m4wAcvPhXNfE3EfH1r1ADqtfSdVCToUG868RvUUkgDKf3"
        "1mGDtKsAYz2oz2AGutZYs");
}

TEST_CASE("derivation paths parse strictly") {
  CHECK(DerivationPath::parse("m/44'/60'/0'/0/7").str() == "m/44'/60'/0'/0/7");
  CHECK(DerivationPath::parse("m/44h/0").str() == "m/44'/0");
  CHECK(DerivationPath::parse("m").indexes.empty());
  for (const char* bad : {"", "44'/0'", "m/", "m//1", "m/x", "m/2147483648", "m/1'2"}) {
    CAPTURE(bad);
    CHECK_THROWS_AS(DerivationPath::parse(bad), EncodingError);
  }
}

TEST_CASE("Iguana key: WIF as is, 0x-hex as is, otherwise SHA-256 with KDF's bit rules") {
  const PrivateKey from_text = iguanaPrivateKey("my secret passphrase");
  CHECK((from_text[0] & 7) == 0);
  CHECK((from_text[31] & 0xc0) == 0x40);
  PrivateKey expected(sha256Bytes(asBytes("my secret passphrase")));
  expected[0] &= 248;
  expected[31] &= 127;
  expected[31] |= 64;
  CHECK(from_text == expected);
  const std::string hex_key = "0x646431107ae37e826aaa5108fe2c2611ef15615e78b4175919b85fd6366f19a3";
  CHECK(toHex(iguanaPrivateKey(hex_key)) == hex_key.substr(2));
  const PrivateKey wif_key =
      iguanaPrivateKey("KywJqZF9PrFSwWkocQ4JZSgfTD3eXYbfnM54Q3Ua7UKzGD4WTRbX");
  CHECK(encodeWif(wif_key, 0x80) == "KywJqZF9PrFSwWkocQ4JZSgfTD3eXYbfnM54Q3Ua7UKzGD4WTRbX");
  CHECK_THROWS_WITH(iguanaPrivateKey("KywJqZF9PrFSwWkocQ4JZSgfTD3eXYbfnM54Q3Ua7UKzGD4WTRbY"),
                    Catch::Contains("checksum is invalid") && !Catch::Contains("Kyw"));
}

TEST_CASE("WIF decoding checks length, flag and range") {
  const WifKey decoded = decodeWif("KywJqZF9PrFSwWkocQ4JZSgfTD3eXYbfnM54Q3Ua7UKzGD4WTRbX");
  CHECK(decoded.prefix == 0x80);
  CHECK(decoded.compressed);
  CHECK_THROWS_AS(decodeWif("1BgGZ9tcN4rm9KBzDn7KprQz87SZ26SAMH"), EncodingError);
}

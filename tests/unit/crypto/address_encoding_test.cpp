// core/encoding against published vectors: base58check, BIP173/BIP350 bech32 lists, segwit
// addresses, the CashAddr specification's vectors and KDF's conversions, EIP-55, TRON.
#include <catch2/catch.hpp>

#include "core/encoding/base58.h"
#include "core/encoding/bech32.h"
#include "core/encoding/cashaddr.h"
#include "core/encoding/encoding_error.h"
#include "core/encoding/eth_address.h"
#include "core/encoding/hex.h"
#include "core/encoding/tron_address.h"

using namespace walletd;

TEST_CASE("base58check round-trips and rejects a changed character") {
  const Bytes payload = fromHex("00751e76e8199196d454941c45d1b3a323f1433bd6");
  const std::string text = base58CheckEncode(payload);
  CHECK(text == "1BgGZ9tcN4rm9KBzDn7KprQz87SZ26SAMH");
  CHECK(base58CheckDecode(text) == payload);
  CHECK_THROWS_WITH(base58CheckDecode("1BgGZ9tcN4rm9KBzDn7KprQz87SZ26SAMJ"), "invalid checksum");
  CHECK_THROWS_AS(base58Decode("0OIl"), EncodingError);
  CHECK(base58Encode(fromHex("0000")) == "11");
}

TEST_CASE("BIP173 and BIP350: valid strings decode with the right variant") {
  for (const char* s :
       {"A12UEL5L", "a12uel5l",
        "an83characterlonghumanreadablepartthatcontainsthenumber1andtheexcludedcharactersbio1tt5tg"
        "s",
        "abcdef1qpzry9x8gf2tvdw0s3jn54khce6mua7lmqqqxw",
        "split1checkupstagehandshakeupstreamerranterredcaperred2y9e3w", "?1ezyfcl"}) {
    CAPTURE(s);
    CHECK(bech32Decode(s).variant == Bech32Variant::Bech32);
  }
  for (const char* s :
       {"A1LQFN3A", "a1lqfn3a", "abcdef1l7aum6echk45nj3s0wdvt2fg8x9yrzpqzd3ryx",
        "split1checkupstagehandshakeupstreamerranterredcaperredlc445v", "?1v759aa"}) {
    CAPTURE(s);
    CHECK(bech32Decode(s).variant == Bech32Variant::Bech32m);
  }
}

TEST_CASE("BIP173: invalid strings are refused with a reason") {
  for (const char* s : {" 1nwldj5",
                        "\x7f"
                        "1axkwrx",
                        "an84characterslonghumanreadablepartthatcontainsthenumber1andtheexcludedcha"
                        "ractersbio1569pvx",
                        "pzry9x0s0muk", "1pzry9x0s0muk", "x1b4n0q5v", "li1dgmt3", "A1G7SGD8",
                        "10a06t8", "1qzzfhee"}) {
    CAPTURE(s);
    CHECK_THROWS_AS(bech32Decode(s), EncodingError);
  }
  CHECK_THROWS_WITH(bech32Decode("bc1qW508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4"),
                    "bech32 string mixes upper and lower case");
}

TEST_CASE("segwit addresses: BIP173/BIP350 valid and invalid addresses") {
  const SegwitProgram p2wpkh = segwitDecode("bc", "BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4");
  CHECK(p2wpkh.version == 0);
  CHECK(toHex(p2wpkh.program) == "751e76e8199196d454941c45d1b3a323f1433bd6");
  CHECK(segwitEncode("bc", p2wpkh) == "bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4");
  const SegwitProgram p2wsh =
      segwitDecode("tb", "tb1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3q0sl5k7");
  CHECK(toHex(p2wsh.program) == "1863143c14c5166804bd19203356da136c985678cd4d27a1b8c6329604903262");
  const SegwitProgram taproot =
      segwitDecode("bc", "bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0");
  CHECK(taproot.version == 1);
  CHECK(segwitEncode("bc", taproot) ==
        "bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0");
  // v0 with a bech32m checksum, v1 with a bech32 checksum, wrong hrp, bad program length.
  CHECK_THROWS_AS(segwitDecode("bc", "bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kemeawh"), EncodingError);
  CHECK_THROWS_AS(
      segwitDecode("bc", "bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqh2y7hd"),
      EncodingError);
  CHECK_THROWS_WITH(
      segwitDecode("bc", "tb1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3q0sl5k7"),
      Catch::Contains("does not match"));
  CHECK_THROWS_AS(segwitDecode("bc", "bc1rw5uspcuh"), EncodingError);
}

TEST_CASE("CashAddr: the specification's vectors and KDF's conversion") {
  struct Case {
    const char* cash;
    const char* legacy_hash;
    CashAddrType type;
  };
  for (const Case& c : {Case{"bitcoincash:qpm2qsznhks23z7629mms6s4cwef74vcwvy22gdx6a",
                             "76a04053bda0a88bda5177b86a15c3b29f559873", CashAddrType::P2PKH},
                        Case{"bitcoincash:qr95sy3j9xwd2ap32xkykttr4cvcu7as4y0qverfuy",
                             "cb481232299cd5743151ac4b2d63ae198e7bb0a9", CashAddrType::P2PKH},
                        Case{"bitcoincash:qqq3728yw0y47sqn6l2na30mcw6zm78dzqre909m2r",
                             "011f28e473c95f4013d7d53ec5fbc3b42df8ed10", CashAddrType::P2PKH},
                        Case{"bitcoincash:ppm2qsznhks23z7629mms6s4cwef74vcwvn0h829pq",
                             "76a04053bda0a88bda5177b86a15c3b29f559873", CashAddrType::P2SH},
                        Case{"bitcoincash:pr95sy3j9xwd2ap32xkykttr4cvcu7as4yc93ky28e",
                             "cb481232299cd5743151ac4b2d63ae198e7bb0a9", CashAddrType::P2SH},
                        Case{"bitcoincash:pqq3728yw0y47sqn6l2na30mcw6zm78dzq5ucqzc37",
                             "011f28e473c95f4013d7d53ec5fbc3b42df8ed10", CashAddrType::P2SH}}) {
    CAPTURE(c.cash);
    const CashAddr decoded = cashAddrDecode(c.cash, "bitcoincash");
    CHECK(toHex(decoded.hash) == c.legacy_hash);
    CHECK(decoded.type == c.type);
    CHECK(cashAddrEncode(decoded) == c.cash);
  }
  // KDF test_from_to_cashaddress: the same hash as 1DmFp16U73RrVZtYUbo2Ectt8mAnYScpqM.
  const CashAddr kdf =
      cashAddrDecode("bitcoincash:qzxqqt9lh4feptf0mplnk58gnajfepzwcq9f2rxk55", "bitcoincash");
  Bytes legacy{0x00};
  legacy.insert(legacy.end(), kdf.hash.begin(), kdf.hash.end());
  CHECK(base58CheckEncode(legacy) == "1DmFp16U73RrVZtYUbo2Ectt8mAnYScpqM");
  // A bare payload uses the default prefix; uppercase is fine, mixed case and bad checksums are
  // not.
  CHECK(cashAddrDecode("qpm2qsznhks23z7629mms6s4cwef74vcwvy22gdx6a", "bitcoincash").hash ==
        cashAddrDecode("bitcoincash:qpm2qsznhks23z7629mms6s4cwef74vcwvy22gdx6a", "x").hash);
  CHECK(cashAddrDecode("BITCOINCASH:QPM2QSZNHKS23Z7629MMS6S4CWEF74VCWVY22GDX6A", "x").prefix ==
        "bitcoincash");
  CHECK_THROWS_WITH(cashAddrDecode("bitcoincash:qpm2qsznhks23z7629mms6s4cwef74vcwvy22gdx6A", "x"),
                    "cashaddr mixes upper and lower case");
  CHECK_THROWS_WITH(cashAddrDecode("bchtest:qpm2qsznhks23z7629mms6s4cwef74vcwvy22gdx6a", "x"),
                    "invalid cashaddr checksum");
  const std::string testnet = cashAddrEncode({"bchtest", CashAddrType::P2PKH, kdf.hash});
  CHECK(cashAddrDecode(testnet, "bitcoincash").prefix == "bchtest");
}

TEST_CASE("EIP-55: the EIP's vectors; KDF's strict rule and the lenient one") {
  for (const char* s :
       {"0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed", "0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359",
        "0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB", "0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb",
        "0x52908400098527886E0F7030069857D2E4169EE7", "0x8617E340B3D01FA5F11F306F4090FD50E238070D",
        "0xde709f2102306220921060314715629080e2fb77",
        "0x27b1fdb04752bbc536007a920d24acb045561c26"}) {
    CAPTURE(s);
    CHECK(eip55Checksum(parseEthAddress(s, true)) == s);
  }
  CHECK(eip55Checksum(parseEthAddress("0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed", false)) ==
        "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed");
  CHECK_THROWS_WITH(parseEthAddress("0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed", true),
                    "Invalid address checksum");
  CHECK_THROWS_WITH(parseEthAddress("0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD", false),
                    "Invalid address checksum");
  CHECK_THROWS_WITH(parseEthAddress("0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeA", false),
                    Catch::Contains("40 hex digits"));
  CHECK_THROWS_WITH(parseEthAddress("5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed", false),
                    "address must start with 0x");
}

TEST_CASE("TRON addresses: base58 and hex forms (KDF address tests)") {
  const EthAddress account = parseTronAddress("TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL");
  CHECK(tronHex(account) == "418840e6c55b9ada326d211d818c34a994aeced808");
  CHECK(parseTronAddress("418840e6c55b9ada326d211d818c34a994aeced808") == account);
  CHECK(parseTronAddress("0x418840e6c55b9ada326d211d818c34a994aeced808") == account);
  CHECK(tronBase58(parseEthAddress("0x8840e6c55b9ada326d211d818c34a994aeced808", false)) ==
        "TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL");
  CHECK_THROWS_WITH(parseTronAddress("TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeM"), "invalid checksum");
  CHECK_THROWS_AS(parseTronAddress("428840e6c55b9ada326d211d818c34a994aeced808"), EncodingError);
}

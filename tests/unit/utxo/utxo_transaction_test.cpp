// The UTXO transaction layer against independent values: BIP143's native P2WPKH example
// (sighash, midstates via the digest) and bitcoinjs-lib 7 (legacy sighash, txid, and a
// P2PKH + P2WPKH transaction it signed with the same key: RFC 6979 makes walletd's bytes equal);
// the parser on damaged input; script recognition.
#include <catch2/catch.hpp>

#include "core/coins/utxo/chain/bitcoin_chain.h"
#include "core/coins/utxo/tx/utxo_script.h"
#include "core/coins/utxo/tx/utxo_sighash.h"
#include "core/coins/utxo/tx/utxo_signature_check.h"
#include "core/coins/utxo/tx/utxo_signer.h"
#include "core/crypto/hashes.h"
#include "core/encoding/hex.h"

using namespace walletd;

namespace {

const char* const kBip143Unsigned =
    "0100000002fff7f7881a8099afa6940d42d1e7f6362bec38171ea3edf433541db4e4ad969f0000000000eeffff"
    "ffef51e1b804cc89d182d279655c3aa89e815b1b309fe287d9b2b55d57b90ec68a0100000000ffffffff02202cb2"
    "06000000001976a9148280b37df378db99f66f85c95a783a76ac7a6d5988ac9093510d000000001976a9143bde42"
    "dbee7e4dbe6a21b2d50ce2f0167faa815988ac11000000";
const BitcoinChain kBitcoin;
const char* const kKey = "619c335025c7f4012e556c2a58b2506e30b8511b53ade95ea316fd8c3286feb9";
const char* const kKeyHash = "1d0f172a0ecb48aee1be1f2687d2963ae33f71a1";

PrivateKey key() {
  PrivateKey k{};
  const Bytes b = fromHex(kKey);
  std::copy(b.begin(), b.end(), k.begin());
  return k;
}

std::string hexOf(const Digest32& d) {
  return toHex(d);
}

}  // namespace

TEST_CASE("BIP143 native P2WPKH example and bitcoinjs-lib's legacy digest", "[utxo]") {
  const UtxoTransaction tx = kBitcoin.parse(fromHex(kBip143Unsigned));
  REQUIRE(tx.inputs.size() == 2);
  REQUIRE(tx.locktime == 0x11);
  REQUIRE(tx.inputs[0].sequence == 0xffffffee);
  REQUIRE(toHex(kBitcoin.serialize(tx)) == kBip143Unsigned);
  REQUIRE(kBitcoin.txid(tx) == "3335ffae0df20c5407e8de12b49405c8e912371f00fe4132bfaf95ad49c40243");
  const Bytes code = p2pkhScript(fromHex(kKeyHash));
  REQUIRE(toHex(code) == "76a9141d0f172a0ecb48aee1be1f2687d2963ae33f71a188ac");
  REQUIRE(hexOf(Bip143Sighash(tx).digest(1, code, 600000000)) ==
          "c37af31116d1b27caf68aae9e3ac82f1477929014d5b917657d0eb49478cb670");
  REQUIRE(hexOf(legacySighash(tx, 0, code)) ==
          "47194bc3c303a30aa5f78e45c7c2980b3be1284a9d69b1ea9ec0d29aac5f6848");
}

TEST_CASE("P2PKH and P2WPKH inputs signed byte for byte as bitcoinjs-lib signs them", "[utxo]") {
  const Bytes hash = fromHex(kKeyHash);
  UtxoTransaction tx;
  tx.version = 2;
  tx.inputs.resize(2);
  tx.inputs[0].prevout.txid.fill(1);
  tx.inputs[1].prevout.txid.fill(2);
  tx.inputs[1].prevout.index = 3;
  tx.inputs[1].sequence = 0xfffffffd;
  const Bytes p2wpkh = scriptPubKeyFor({UtxoAddress::Kind::WitnessV0KeyHash, hash});
  const Bytes p2pkh = scriptPubKeyFor({UtxoAddress::Kind::P2PKH, hash});
  tx.outputs = {{150000, p2wpkh}, {49000, p2pkh}};
  REQUIRE(
      toHex(kBitcoin.serialize(tx)) ==
      "020000000201010101010101010101010101010101010101010101010101010101010101010000000000ffff"
      "ffff02020202020202020202020202020202020202020202020202020202020202020300000000fdffffff02f0"
      "490200000000001600141d0f172a0ecb48aee1be1f2687d2963ae33f71a168bf0000000000001976a9141d0f"
      "172a0ecb48aee1be1f2687d2963ae33f71a188ac00000000");
  auto keys = [&](ByteView h) -> std::optional<PrivateKey> {
    if (toHex(h) == kKeyHash) return key();
    return std::nullopt;
  };
  signUtxoTransaction(tx, {{200000, p2pkh}, {100000, p2wpkh}}, keys, kBitcoin.sighash());
  const std::string signed_hex = toHex(kBitcoin.serialize(tx));
  REQUIRE(
      signed_hex ==
      "020000000001020101010101010101010101010101010101010101010101010101010101010101000000006a"
      "473044022062594e59cc84e6dba9a3b475c4eff45006f571f2da44d53c964f509fa3afc2d4022045c5ecc7c0"
      "7514e1150e426a5236bd1f51203eb722e7620fdb9b8119d31b0d310121025476c2e83188368da1ff3e292e7a"
      "cafcdb3566bb0ad253f62fc70f07aeee6357ffffffff020202020202020202020202020202020202020202020202"
      "02020202020202020300000000fdffffff02f0490200000000001600141d0f172a0ecb48aee1be1f2687d296"
      "3ae33f71a168bf0000000000001976a9141d0f172a0ecb48aee1be1f2687d2963ae33f71a188ac0002483045"
      "0221009a6278bcf6a96b2afe8aec86ee0550fe3031abd03f47e84646382d8a8c9f717b022007b0caff87479b"
      "ea38d1ccbf0e99c6fb283c388cd8e1ba3c02dccc63d638b5190121025476c2e83188368da1ff3e292e7acafc"
      "db3566bb0ad253f62fc70f07aeee635700000000");
  REQUIRE(kBitcoin.txid(tx) == "73ec59375a2bca7a8fc42c07b334cbf0c8c0bfef4618c81b6996fc8a6868cdf0");
  REQUIRE(kBitcoin.codec().vsize(tx) == 291);
  REQUIRE(kBitcoin.codec().weight(tx) == 1163);
  REQUIRE(toHex(kBitcoin.serialize(kBitcoin.parse(fromHex(signed_hex)))) == signed_hex);

  SECTION("an input that is not the wallet's, or not a script it signs, is refused") {
    UtxoTransaction other = tx;
    const Bytes stranger = scriptPubKeyFor({UtxoAddress::Kind::P2PKH, Bytes(20, 7)});
    REQUIRE_THROWS_AS(
        signUtxoTransaction(other, {{1, stranger}, {1, p2wpkh}}, keys, kBitcoin.sighash()),
        UtxoSigningError);
    const Bytes p2sh = scriptPubKeyFor({UtxoAddress::Kind::P2SH, hash});
    REQUIRE_THROWS_AS(
        signUtxoTransaction(other, {{1, p2sh}, {1, p2wpkh}}, keys, kBitcoin.sighash()),
        UtxoSigningError);
    REQUIRE_THROWS_AS(signUtxoTransaction(other, {{1, p2pkh}}, keys, kBitcoin.sighash()),
                      UtxoSigningError);
  }

  SECTION("the signatures verify against what the inputs spend, and a changed byte does not") {
    const std::vector<SpentOutput> spent{{200000, p2pkh}, {100000, p2wpkh}};
    REQUIRE_NOTHROW(verifyUtxoSignatures(tx, spent, kBitcoin.sighash()));
    const auto refused = [&](UtxoTransaction changed, std::vector<SpentOutput> what) {
      REQUIRE_THROWS_AS(verifyUtxoSignatures(changed, what, kBitcoin.sighash()), UtxoSigningError);
    };
    // BIP143's digest commits to the amount spent (the legacy one does not).
    REQUIRE_NOTHROW(
        verifyUtxoSignatures(tx, {{200001, p2pkh}, {100000, p2wpkh}}, kBitcoin.sighash()));
    refused(tx, {{200000, p2pkh}, {100001, p2wpkh}});
    UtxoTransaction other = tx;
    other.outputs[0].value += 1;
    refused(other, spent);
    other = tx;
    other.inputs[0].script_sig[10] ^= 1;  // inside the signature
    refused(other, spent);
    other = tx;
    std::swap(other.inputs[0].script_sig, other.inputs[1].script_sig);  // scriptSig on P2WPKH
    refused(other, spent);
    other = tx;
    other.inputs[1].witness[0].back() = 0x02;  // SIGHASH_NONE
    refused(other, spent);
    const Bytes stranger = scriptPubKeyFor({UtxoAddress::Kind::P2PKH, Bytes(20, 7)});
    refused(tx, {{200000, stranger}, {100000, p2wpkh}});
  }
}

TEST_CASE("the transaction parser refuses damaged data", "[utxo]") {
  const Bytes good = fromHex(kBip143Unsigned);
  for (std::size_t cut :
       {std::size_t{0}, std::size_t{3}, std::size_t{5}, std::size_t{40}, good.size() - 1}) {
    REQUIRE_THROWS_AS(kBitcoin.parse(ByteView(good).first(cut)), UtxoDecodeError);
  }
  Bytes trailing = good;
  trailing.push_back(0);
  REQUIRE_THROWS_AS(kBitcoin.parse(trailing), UtxoDecodeError);
  Bytes huge_count = good;
  huge_count[4] = 0xfe;  // "4 billion inputs"
  REQUIRE_THROWS_AS(kBitcoin.parse(huge_count), UtxoDecodeError);
  Bytes non_canonical = fromHex("01000000fd0100");
  REQUIRE_THROWS_AS(kBitcoin.parse(non_canonical), UtxoDecodeError);
  REQUIRE_THROWS_AS(kBitcoin.parse(fromHex("0100000000020000000000")), UtxoDecodeError);
}

TEST_CASE("output scripts are recognised by kind", "[utxo]") {
  using Kind = UtxoAddress::Kind;
  for (Kind kind : {Kind::P2PKH, Kind::P2SH, Kind::WitnessV0KeyHash}) {
    const auto back = standardOutput(scriptPubKeyFor({kind, Bytes(20, 9)}));
    REQUIRE(back);
    REQUIRE(back->kind == kind);
    REQUIRE(back->hash == Bytes(20, 9));
  }
  REQUIRE(standardOutput(scriptPubKeyFor({Kind::WitnessV0ScriptHash, Bytes(32, 1)}))->kind ==
          Kind::WitnessV0ScriptHash);
  REQUIRE_FALSE(standardOutput(fromHex("6a0568656c6c6f")));  // OP_RETURN "hello"
  Bytes big(300, 1);
  Bytes script;
  pushData(script, big);
  REQUIRE(toHex(ByteView(script).first(3)) == "4d2c01");
}

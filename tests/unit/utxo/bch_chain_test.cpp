// Bitcoin Cash on the fork-id profile: which coins-file entries it serves, the FORKID signature
// byte for byte against the vector of ../notes (made with bcash, digest recomputed independently),
// and SLP/CashToken classification on KDF's own SLP scripts (KDF's slp.rs tests).
#include <catch2/catch.hpp>

#include "core/coins/address_codec.h"
#include "core/coins/utxo/bch/bch_token_outputs.h"
#include "core/coins/utxo/bch/fork_id_chain.h"
#include "core/coins/utxo/chain/utxo_chains.h"
#include "core/coins/utxo/tx/utxo_script.h"
#include "core/coins/utxo/tx/utxo_signer.h"
#include "core/crypto/hashes.h"
#include "core/encoding/hex.h"
#include "tests/unit/utxo/utxo_entry.h"

using namespace walletd;

namespace {

CoinEntry entry(const std::string& ticker, Json conf) {
  return test::utxoEntry(ticker, std::move(conf));
}

const Json kBch = Json::parse(R"({"fork_id": "0x40", "segwit": false, "pubtype": 0, "p2shtype": 5,
  "wiftype": 128, "address_format": {"format": "cashaddress", "network": "bitcoincash"}})");

// KDF's test_slp_send_output and test_slp_genesis_output scripts.
const char* kSlpSend =
    "6a04534c500001010453454e4420e73b2b28c14db8ebbf97749988b539508990e1708021067f206f49d55807dbf408"
    "0000000005f5e100";
const char* kSlpGenesis =
    "6a04534c500001010747454e45534953044144455804414445584c004c0001084c0008000000174876e800";

}  // namespace

TEST_CASE("the fork-id profile serves BCH, XEC and the base-signature fork-id coins", "[utxo]") {
  const auto bch = builtInUtxoChains().forCoin(entry("BCH", kBch));
  CHECK(bch->name() == "fork_id");
  CHECK(bch->sighash().hashTypeByte() == 0x41);
  CHECK(bch->newTransaction().version == 1);  // KDF's txversion default
  CHECK(builtInUtxoChains()
            .forCoin(entry("LCC", {{"fork_id", "0x40"}, {"signature_version", "base"}}))
            ->name() == "fork_id");
  CHECK(builtInUtxoChains().forCoin(entry("LTC", Json::object()))->name() == "bitcoin");
  // A fork id that does not fit the hash-type byte, or that sets SIGHASH_ALL's bit, has no profile.
  CHECK_THROWS_AS(builtInUtxoChains().forCoin(entry("X", {{"fork_id", "0x141"}})), CoinRulesError);
  // BCH has no segwit: a witness marker is a parse error on its chain.
  const Bytes segwit_tx = fromHex(
      "020000000001010000000000000000000000000000000000000000000000000000000000000000000000000000"
      "ffffffff0100000000000000000000000000");
  CHECK_THROWS(bch->parse(segwit_tx));
}

TEST_CASE("a BCH FORKID signature byte for byte as the notes' bcash vector", "[utxo]") {
  const auto chain = builtInUtxoChains().forCoin(entry("BCH", kBch));
  const std::string seed_text = "walletd bch forkid vector";
  const PrivateKey key(sha256Bytes(
      ByteView(reinterpret_cast<const std::uint8_t*>(seed_text.data()), seed_text.size())));
  const auto key_hash = hash160(PublicKey::fromPrivate(key).compressed());
  const Bytes hash(key_hash.begin(), key_hash.end());
  const Bytes p2pkh = scriptPubKeyFor({UtxoAddress::Kind::P2PKH, hash});
  UtxoTransaction tx = chain->newTransaction();
  tx.inputs.resize(1);
  tx.inputs[0].prevout.txid.fill(0xaa);
  tx.outputs = {{99990000, p2pkh}};
  auto keys = [&](ByteView h) -> std::optional<PrivateKey> {
    if (Bytes(h.begin(), h.end()) == hash) return key;
    return std::nullopt;
  };
  signUtxoTransaction(tx, {{100000000, p2pkh}}, keys, chain->sighash());
  CHECK(toHex(chain->serialize(tx)) ==
        "0100000001aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa000000006a473044"
        "022025a939b4d322212c7aaf9840fd9ad2a0a95d881b6dad2a620146cc3b8d43a37f02206567920b5fa4c6da"
        "8e3b06ebcde998a743d04c36d7a09b0685bbbbdc58dc5a9441210316d6bbc5e35f3acc2df75cdbb149508633"
        "ecfc606ad62b9a5d587001dd40284affffffff01f0b9f505000000001976a9148225cec4d3d80e2c0b6be23a"
        "c5844629f7ea03bf88ac00000000");
  CHECK(chain->txid(tx) == "147532d92b4d421082dcc77eed63aab1b5bb7649771d7ac7f627998a8f996ae8");
}

TEST_CASE("SLP messages parse as KDF writes them, and token outputs are never plain", "[utxo]") {
  const auto send = parseSlpMessage(fromHex(kSlpSend));
  REQUIRE(send);
  CHECK(send->kind == SlpMessage::Kind::Send);
  CHECK(toHex(send->token_id) ==
        "e73b2b28c14db8ebbf97749988b539508990e1708021067f206f49d55807dbf4");
  CHECK(send->amounts == std::vector<std::uint64_t>{100000000});
  const auto genesis = parseSlpMessage(fromHex(kSlpGenesis));
  REQUIRE(genesis);
  CHECK(genesis->kind == SlpMessage::Kind::Genesis);
  CHECK(genesis->amounts == std::vector<std::uint64_t>{100000000000});
  CHECK(!genesis->baton_vout);
  CHECK(!parseSlpMessage(fromHex("6a0468656c6c6f")));  // another OP_RETURN: not SLP
  CHECK_THROWS(parseSlpMessage(fromHex("6a04534c5000010104534e4f50")));

  const Bytes p2pkh = fromHex("76a9148225cec4d3d80e2c0b6be23ac5844629f7ea03bf88ac");
  const std::vector<Bytes> sent = {fromHex(kSlpSend), p2pkh, p2pkh};
  CHECK(classifyBchOutput(sent, 1) == BchOutputKind::SlpToken);
  CHECK(classifyBchOutput(sent, 2) == BchOutputKind::Plain);  // past the amounts: BCH change
  const std::vector<Bytes> minted = {fromHex(kSlpGenesis), p2pkh, p2pkh};
  CHECK(classifyBchOutput(minted, 1) == BchOutputKind::SlpToken);
  CHECK(classifyBchOutput(minted, 2) == BchOutputKind::Plain);
  const std::vector<Bytes> broken = {fromHex("6a04534c500001010453454e44"), p2pkh};
  CHECK(classifyBchOutput(broken, 1) == BchOutputKind::Undetermined);
  const std::vector<Bytes> plain = {p2pkh, p2pkh};
  CHECK(classifyBchOutput(plain, 1) == BchOutputKind::Plain);
  CHECK(classifyBchOutput(plain, 0) == BchOutputKind::Plain);
  CHECK(classifyBchOutput(plain, 5) == BchOutputKind::Undetermined);
  Bytes cash_token = fromHex("ef");
  cash_token.insert(cash_token.end(), p2pkh.begin(), p2pkh.end());
  CHECK(classifyBchOutput({cash_token, p2pkh}, 0) == BchOutputKind::CashToken);
}

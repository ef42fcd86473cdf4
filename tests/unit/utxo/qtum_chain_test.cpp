// QTUM on its chain profile: which entries it serves and how it writes a transaction, a real
// KDF-made QRC20 transfer (KDF's qrc20_tests.rs test_validate_fee, txid f97d3a43…6a1d) parsed and
// named, which transactions pay a block reward (coinbase, coinstake), and the size of QTUM's
// headers, which end with the block signature.
#include <catch2/catch.hpp>

#include "core/coins/utxo/chain/utxo_chains.h"
#include "core/coins/utxo/qtum/qtum_chain.h"
#include "core/encoding/hex.h"
#include "tests/unit/utxo/utxo_entry.h"

using namespace walletd;

namespace {

const Json kQtum = Json::parse(R"({"pubtype": 58, "p2shtype": 50, "wiftype": 128, "segwit": true,
  "bech32_hrp": "qc", "txfee": 400000, "mature_confirmations": 2000,
  "protocol": {"type": "QTUM", "chain_variant": "QTUM"}})");

const char* kQrc20Transfer =
    "010000000160fd74b5714172f285db2b36f0b391cd6883e7291441631c8b18f165b0a4635d020000006a473044022"
    "05d409e141111adbc4f185ae856997730de935ac30a0d2b1ccb5a6c4903db8171022024fc59bbcfdbba283556d7ee"
    "ee4832167301dc8e8ad9739b7865f67b9676b226012103693bff1b39e8b5a306810023c29b95397eb395530b106b1"
    "820ea235fd81d9ce9ffffffff020000000000000000625403a08601012844a9059cbb0000000000000000000000"
    "00ca1e04745e8ca0c60d8c5881531d51bec470743f0000000000000000000000000000000000000000000000000"
    "0000000000f424014d362e096e873eb7907e205fadc6175c6fec7bc44c200ada205000000001976a9149e032d4b0"
    "090a11dc40fe6c47601499a35d55fbb88acfe967d5f";

}  // namespace

TEST_CASE("the QTUM profile serves the QTUM protocol: version 1, legacy P2PKH digests", "[utxo]") {
  const auto chain = builtInUtxoChains().forCoin(test::utxoEntry("QTUM", kQtum));
  CHECK(chain->name() == "qtum");
  CHECK(chain->newTransaction().version == 1);
  CHECK(chain->sighash().hashTypeByte() == 0x01);
  CHECK(chain->waitsForMaturity());
  // A UTXO-protocol entry is Bitcoin's, not QTUM's.
  CHECK(builtInUtxoChains().forCoin(test::utxoEntry("LTC", Json::object()))->name() == "bitcoin");
}

TEST_CASE("a real QRC20 transfer parses and hashes to its txid on the QTUM chain", "[utxo]") {
  const auto chain = builtInUtxoChains().forCoin(test::utxoEntry("QTUM", kQtum));
  const Bytes raw = fromHex(kQrc20Transfer);
  const UtxoTransaction tx = chain->parse(raw);
  CHECK(chain->txid(tx) == "f97d3a43dbea0993f1b7a6a299377d4ee164c84935a1eb7d835f70c9429e6a1d");
  CHECK(chain->serialize(tx) == raw);
  CHECK(tx.locktime == 1602066174);
  CHECK_FALSE(QtumChain::paysReward(tx));  // its first output is a contract call, not empty
}

TEST_CASE("QTUM's reward transactions: a coinbase, or a coinstake with its first output empty",
          "[utxo]") {
  UtxoTransaction coinstake;
  coinstake.inputs.push_back({OutPoint::fromDisplay(std::string(64, '1'), 1), {}, 0xffffffff, {}});
  coinstake.outputs = {{0, {}}, {5'000'000'000, fromHex("76a914" + std::string(40, '2') + "88ac")}};
  CHECK(QtumChain::paysReward(coinstake));
  coinstake.outputs[0].value = 1;  // a plain payment of 1 satoshi
  CHECK_FALSE(QtumChain::paysReward(coinstake));

  UtxoTransaction coinbase;
  coinbase.inputs.push_back({OutPoint::fromDisplay(std::string(64, '0'), 0xffffffff), {}, 0, {}});
  coinbase.outputs = {{100, fromHex("51")}};
  CHECK(QtumChain::paysReward(coinbase));
}

TEST_CASE("QTUM headers: 181 bytes up to the signature's length, then the signature", "[utxo]") {
  const QtumChain chain(UtxoChainRules::fromEntry(test::utxoEntry("QTUM", kQtum)));
  Bytes header(180, 0);
  header.push_back(71);
  header.resize(header.size() + 71, 0xab);
  CHECK(chain.headerSize(header) == 252);
  Bytes two = header;
  two.insert(two.end(), header.begin(), header.end());
  CHECK(chain.headerSize(two) == 252);                        // the first of two
  CHECK(chain.headerSize(ByteView(header).first(200)) == 0);  // cut short
  CHECK(chain.headerSize(ByteView(header).first(150)) == 0);  // no signature length
  Bytes unsigned_header(180, 0);
  unsigned_header.push_back(0);
  CHECK(chain.headerSize(unsigned_header) == 181);  // a signature of none
}

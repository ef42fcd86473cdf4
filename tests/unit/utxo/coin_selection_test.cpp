// UTXO coin selection: fees from the estimated size (checked against the size of the signed
// transaction), change and dust, exact fixed fees, `max`, and the two refusals.
#include <catch2/catch.hpp>

#include "core/coins/utxo/chain/bitcoin_chain.h"
#include "core/coins/utxo/tx/utxo_script.h"
#include "core/coins/utxo/withdraw/coin_selection.h"
#include "core/crypto/hashes.h"

using namespace walletd;

namespace {

PrivateKey walletKey() {
  PrivateKey k{};
  k.fill(0x33);
  return k;
}

Bytes myScript(SpendKind kind) {
  const auto h = hash160(PublicKey::fromPrivate(walletKey()).compressed());
  return scriptPubKeyFor(
      {kind == SpendKind::P2PKH ? UtxoAddress::Kind::P2PKH : UtxoAddress::Kind::WitnessV0KeyHash,
       Bytes(h.begin(), h.end())});
}

Unspent coin(std::uint64_t value, SpendKind kind = SpendKind::P2WPKH, std::uint8_t tag = 1) {
  Unspent u;
  u.outpoint.txid.fill(tag);
  u.outpoint.index = static_cast<std::uint32_t>(value % 7);
  u.output = {value, myScript(kind)};
  u.kind = kind;
  return u;
}

const Bytes kPayee = scriptPubKeyFor({UtxoAddress::Kind::P2PKH, Bytes(20, 0xee)});

SelectionRequest request(std::vector<Unspent> unspent, std::uint64_t amount,
                         UtxoFeeRule fee = {UtxoFeeRule::Kind::PerKbyte, 1000}) {
  SelectionRequest r;
  r.unspent = std::move(unspent);
  r.payments = {{amount, kPayee}};
  r.change_script = myScript(SpendKind::P2WPKH);
  r.dust = 1000;
  r.fee = fee;
  return r;
}

std::uint64_t sum(const std::vector<TxOutput>& outs) {
  std::uint64_t t = 0;
  for (const auto& o : outs) t += o.value;
  return t;
}

std::uint64_t sum(const std::vector<Unspent>& ins) {
  std::uint64_t t = 0;
  for (const auto& i : ins) t += i.output.value;
  return t;
}

// Signs the selection as withdraw will, and answers the real virtual size.
std::size_t signedVsize(const Selection& s) {
  UtxoTransaction tx;
  tx.version = 2;
  std::vector<SpentOutput> spent;
  for (const Unspent& u : s.inputs) {
    tx.inputs.push_back({u.outpoint, {}, 0xffffffff, {}});
    spent.push_back(u.output);
  }
  tx.outputs = s.outputs;
  const BitcoinChain chain;
  signUtxoTransaction(
      tx, spent, [](ByteView) { return std::optional<PrivateKey>(walletKey()); }, chain.sighash());
  return chain.codec().vsize(tx);
}

}  // namespace

TEST_CASE("per-kbyte fee with change: largest coins first, fee = inputs − outputs", "[utxo]") {
  const Selection s =
      selectCoins(request({coin(200'000), coin(1'000'000), coin(500'000)}, 1'200'000));
  REQUIRE(s.inputs.size() == 2);
  REQUIRE(s.inputs[0].output.value == 1'000'000);
  REQUIRE(s.outputs.size() == 2);
  REQUIRE(s.outputs[0].value == 1'200'000);
  REQUIRE(s.vsize == 212);  // 157 base bytes × 4 + 218 witness = 846 weight
  REQUIRE(s.fee == 212);
  REQUIRE(sum(s.inputs) - sum(s.outputs) == s.fee);
  const std::size_t real = signedVsize(s);
  REQUIRE(real <= s.vsize);
  REQUIRE(real + 2 >= s.vsize);
}

TEST_CASE("estimates hold for P2PKH and mixed inputs", "[utxo]") {
  for (auto kinds : {std::vector<SpendKind>{SpendKind::P2PKH, SpendKind::P2PKH},
                     std::vector<SpendKind>{SpendKind::P2PKH, SpendKind::P2WPKH}}) {
    std::vector<Unspent> coins;
    std::uint8_t tag = 1;
    for (SpendKind k : kinds) coins.push_back(coin(300'000, k, tag++));
    const Selection s = selectCoins(request(coins, 500'000, {UtxoFeeRule::Kind::PerKbyte, 5000}));
    REQUIRE(sum(s.inputs) - sum(s.outputs) == s.fee);
    const std::size_t real = signedVsize(s);
    REQUIRE(real <= s.vsize);
    REQUIRE(real + 3 >= s.vsize);
    REQUIRE(s.fee == (5000 * s.vsize + 999) / 1000);
  }
}

TEST_CASE("change below dust goes to the fee for a rate; a fixed fee stays exact", "[utxo]") {
  // 1,000,000 in, 998,500 out: 113 vB without change (fee 113, 1,387 left over); change would
  // be 1,356 after 144 vB, below a dust of 2,000.
  SelectionRequest r = request({coin(1'000'000), coin(50'000, SpendKind::P2WPKH, 2)}, 998'500);
  r.dust = 2000;
  const Selection folded = selectCoins(r);
  REQUIRE(folded.inputs.size() == 1);
  REQUIRE(folded.outputs.size() == 1);
  REQUIRE(folded.fee == 1'500);
  REQUIRE(folded.fee > folded.vsize);

  r.fee = {UtxoFeeRule::Kind::Fixed, 1'000};
  const Selection exact = selectCoins(r);
  REQUIRE(exact.fee == 1'000);
  REQUIRE(exact.inputs.size() == 2);  // the second input makes change that is not dust
  REQUIRE(exact.outputs.size() == 2);
  REQUIRE(exact.outputs[1].value == 1'050'000 - 998'500 - 1'000);
  REQUIRE(sum(exact.inputs) - sum(exact.outputs) == 1'000);

  r.unspent = {coin(1'000'000)};
  try {
    selectCoins(r);
    FAIL("expected NotSufficientBalance");
  } catch (const SelectionError& e) {
    REQUIRE(e.reason == SelectionError::Reason::NotSufficientBalance);
    REQUIRE(e.first == 1'000'000);
    REQUIRE(e.second == 998'500 + 1'000 + 2'000);
  }
}

TEST_CASE("max spends every coin to one output", "[utxo]") {
  SelectionRequest r = request({coin(70'000), coin(30'000, SpendKind::P2PKH, 2)}, 0);
  r.max = true;
  const Selection s = selectCoins(r);
  REQUIRE(s.inputs.size() == 2);
  REQUIRE(s.outputs.size() == 1);
  REQUIRE(s.outputs[0].value == 100'000 - s.fee);
  REQUIRE(signedVsize(s) <= s.vsize);
  r.unspent = {coin(1'050)};  // 1,050 − 113 is below the dust of 1,000
  REQUIRE_THROWS_AS(selectCoins(r), SelectionError);
}

TEST_CASE("refusals: not enough funds, an amount below dust", "[utxo]") {
  try {
    selectCoins(request({coin(100'000), coin(20'000, SpendKind::P2WPKH, 2)}, 119'950));
    FAIL("expected NotSufficientBalance");
  } catch (const SelectionError& e) {
    REQUIRE(e.reason == SelectionError::Reason::NotSufficientBalance);
    REQUIRE(e.first == 120'000);
    REQUIRE(e.second > 120'000);
  }
  try {
    selectCoins(request({coin(100'000)}, 999));
    FAIL("expected AmountTooLow");
  } catch (const SelectionError& e) {
    REQUIRE(e.reason == SelectionError::Reason::AmountTooLow);
    REQUIRE(e.first == 999);
    REQUIRE(e.second == 1000);
  }
  REQUIRE_THROWS_AS(selectCoins(request({}, 5'000)), SelectionError);
}

TEST_CASE("a reserve stays with the fee; a contract call alone needs no payment", "[utxo]") {
  // QTUM's QRC20 transfer: one 0-value call output, gas reserved, dust 0, change to me.
  SelectionRequest r =
      request({coin(2'000'000, SpendKind::P2PKH), coin(9'000'000, SpendKind::P2PKH, 2)}, 0);
  r.payments.clear();
  const Bytes call = {0x54, 0x01, 0x28, 0x01, 0x28, 0x04, 0xa9, 0x05, 0x9c, 0xbb, 0xc2};
  r.chain_outputs = {{0, call}};
  r.dust = 0;
  r.reserve = 4'000'000;  // 100,000 gas × 40 sat
  const Selection s = selectCoins(r);
  REQUIRE(s.inputs.size() == 1);  // the largest covers gas and fee
  REQUIRE(s.outputs.size() == 2);
  REQUIRE(s.outputs[0].value == 0);
  REQUIRE(s.outputs[0].script_pubkey == call);
  REQUIRE(s.fee == r.fee.feeFor(s.vsize) + 4'000'000);
  REQUIRE(sum(s.inputs) - sum(s.outputs) == s.fee);

  r.reserve = 10'999'900;  // gas beyond what the coins hold after the fee
  try {
    selectCoins(r);
    FAIL("expected NotSufficientBalance");
  } catch (const SelectionError& e) {
    REQUIRE(e.reason == SelectionError::Reason::NotSufficientBalance);
    REQUIRE(e.first == 11'000'000);
    REQUIRE(e.second > 11'000'000);
  }
  r.chain_outputs.clear();  // neither payment nor call: a caller's mistake
  REQUIRE_THROWS_AS(selectCoins(r), std::invalid_argument);
}

TEST_CASE("max pays what the reserve and fee leave", "[utxo]") {
  SelectionRequest r = request({coin(5'000'000)}, 0);
  r.max = true;
  r.reserve = 1'000'000;
  const Selection s = selectCoins(r);
  REQUIRE(s.outputs.size() == 1);
  REQUIRE(s.outputs[0].value == 4'000'000 - r.fee.feeFor(s.vsize));
  REQUIRE(s.fee == 5'000'000 - s.outputs[0].value);
}

TEST_CASE("extra input value with a reserve keeps the reserve", "[utxo]") {
  SelectionRequest r = request({coin(3'000'000, SpendKind::P2PKH)}, 1'000'000);
  r.reserve = 500'000;
  Selection s = selectCoins(r);
  const std::uint64_t change = s.outputs.back().value;
  addExtraInputValue(s, r, 7'000);
  REQUIRE(s.outputs.back().value == change + 7'000);
  REQUIRE(sum(s.inputs) + 7'000 - sum(s.outputs) == s.fee);
  REQUIRE(s.fee >= 500'000);
}

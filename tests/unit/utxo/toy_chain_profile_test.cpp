// The UTXO chain-profile seam: a toy chain, defined only in this file and handed to a test node's
// UTXO family, with its own wire form (a trailer after the locktime), its own digest and hash-type
// byte, and every withdraw hook (locktime, an output it may not spend, an output of its own, a
// bonus the inputs bring, a field of the answer). It is activated, withdrawn and broadcast through
// the shared methods, and what walletd signs is checked here against the toy's rules — no shared
// file names it. If a chain needed a fork of core/coins/utxo, this test could not be written.
#include <catch2/catch.hpp>

#include "core/coins/coin_family.h"
#include "core/coins/utxo/chain/utxo_chains.h"
#include "core/coins/utxo/utxo_family.h"
#include "core/crypto/hashes.h"
#include "core/encoding/hex.h"
#include "tests/unit/test_support.h"
#include "tests/unit/scripted_electrum.h"

using namespace walletd;
using namespace walletd::test;

namespace {

const Bytes kTrailer = {'T', 'O', 'Y', '!'};
constexpr std::uint8_t kToyHashType = 0x77;
constexpr std::uint64_t kBonusPerInput = 500;
constexpr std::uint64_t kUnspendable = 424242;  // the toy's "token-carrying" outputs
const Bytes kToyOutput = {0x6a, 0x03, 't', 'o', 'y'};

// Bitcoin's form without witnesses, then the trailer.
class ToyCodec : public UtxoTxCodec {
 public:
  Bytes serialize(const UtxoTransaction& tx) const override {
    Bytes out = plain_.serialize(tx);
    out.insert(out.end(), kTrailer.begin(), kTrailer.end());
    return out;
  }
  Bytes txidPreimage(const UtxoTransaction& tx) const override { return serialize(tx); }
  UtxoTransaction parse(ByteView bytes) const override {
    if (bytes.size() < 4 || !std::equal(kTrailer.begin(), kTrailer.end(), bytes.end() - 4))
      throw UtxoDecodeError("not a toy transaction");
    return plain_.parse(bytes.first(bytes.size() - 4));
  }

 private:
  Bip144Codec plain_{false};
};

// sha256d("toy" ‖ index ‖ amount ‖ scriptCode ‖ the transaction with every scriptSig empty).
Digest32 toyDigest(const UtxoTransaction& tx, std::size_t index, ByteView script_code,
                   std::uint64_t amount) {
  UtxoTransaction blank = tx;
  for (TxInput& in : blank.inputs) in.script_sig.clear();
  Bytes preimage = {'t', 'o', 'y'};
  WireWriter w(preimage);
  w.u32(static_cast<std::uint32_t>(index));
  w.u64(amount);
  w.varBytes(script_code);
  w.raw(ToyCodec().serialize(blank));
  return sha256d(preimage);
}

class ToySighash : public UtxoSighashScheme {
  struct Digests : UtxoInputDigests {
    explicit Digests(const UtxoTransaction& t) : tx(t) {}
    Digest32 digest(std::size_t index, SpendKind, ByteView script_code,
                    std::uint64_t amount) const override {
      return toyDigest(tx, index, script_code, amount);
    }
    const UtxoTransaction& tx;
  };

 public:
  std::unique_ptr<UtxoInputDigests> forTransaction(const UtxoTransaction& tx) const override {
    return std::make_unique<Digests>(tx);
  }
  std::uint8_t hashTypeByte() const override { return kToyHashType; }
};

class ToyChain : public UtxoChain {
 public:
  std::string_view name() const override { return "toy"; }
  const UtxoTxCodec& codec() const override { return codec_; }
  const UtxoSighashScheme& sighash() const override { return sighash_; }
  UtxoTransaction newTransaction() const override {
    UtxoTransaction tx;
    tx.version = 7;
    return tx;
  }
  std::size_t extraBaseBytes() const override { return kTrailer.size(); }
  Task<std::uint32_t> locktime(UtxoWithdrawContext ctx) const override {
    co_return static_cast<std::uint32_t>(ctx.clock.unixMillis() / 1000);
  }
  Task<std::vector<UnspentOutput>> spendable(UtxoWithdrawContext,
                                             std::vector<UnspentOutput> outputs) const override {
    std::erase_if(outputs, [](const UnspentOutput& u) { return u.value == kUnspendable; });
    co_return outputs;
  }
  std::vector<TxOutput> extraOutputs(const WithdrawRequest&) const override {
    return {{0, kToyOutput}};
  }
  Task<std::uint64_t> extraInputValue(UtxoWithdrawContext, std::vector<Unspent> inputs,
                                      std::uint32_t) const override {
    co_return kBonusPerInput* inputs.size();
  }
  void addResultExtras(TransactionDetails& details, std::uint64_t extra,
                       unsigned decimals) const override {
    details.extras["toy_bonus"] = UInt256(extra).toDecimal(decimals);
  }

 private:
  ToyCodec codec_;
  ToySighash sighash_;
};

// Serves the coins whose fork id is the toy's.
class ToyProfile : public UtxoChainProfile {
 public:
  bool serves(const UtxoChainRules& rules) const override { return rules.fork_id == 0x77; }
  std::shared_ptr<const UtxoChain> make(const UtxoChainRules&) const override {
    return std::make_shared<ToyChain>();
  }
};

CoinsConfig toyCoins() {
  return CoinsConfig::fromJson(Json::parse(R"([
    {"coin": "TOYC", "protocol": {"type": "UTXO"}, "pubtype": 0, "p2shtype": 5, "wiftype": 128,
     "txfee": 1000, "fork_id": "0x77", "decimals": 8},
    {"coin": "FORKC", "protocol": {"type": "UTXO"}, "pubtype": 0, "p2shtype": 5, "wiftype": 128,
     "fork_id": "0x40"}
  ])"));
}

const char* const kTxA = "a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1";
const char* const kTxB = "b2b2b2b2b2b2b2b2b2b2b2b2b2b2b2b2b2b2b2b2b2b2b2b2b2b2b2b2b2b2b2b2";
const char* const kTxC = "c3c3c3c3c3c3c3c3c3c3c3c3c3c3c3c3c3c3c3c3c3c3c3c3c3c3c3c3c3c3c3c3";

struct ToyElectrum : ScriptedElectrum {
  std::vector<std::string> broadcast;
  ToyElectrum() {
    answer = [this](const std::string& method, const Json& params) -> std::optional<Json> {
      if (method == "blockchain.headers.subscribe") return Json{{"height", 10}, {"hex", ""}};
      if (method == "blockchain.scripthash.subscribe") return Json();
      if (method == "blockchain.scripthash.listunspent") {
        return Json::array({
            {{"tx_hash", kTxA}, {"tx_pos", 0}, {"height", 5}, {"value", 100000}},
            {{"tx_hash", kTxB}, {"tx_pos", 1}, {"height", 5}, {"value", kUnspendable}},
            {{"tx_hash", kTxC}, {"tx_pos", 2}, {"height", 6}, {"value", 30000}},
        });
      }
      if (method == "blockchain.transaction.broadcast") {
        const std::string hex = params[0];
        broadcast.push_back(hex);
        return ToyCodec().txid(ToyCodec().parse(fromHex(hex)));
      }
      return std::nullopt;
    };
  }
};

Json activation(const std::string& ticker) {
  return Json{
      {"ticker", ticker},
      {"activation_params",
       {{"mode",
         {{"rpc", "Electrum"}, {"rpc_data", {{"servers", {{{"url", "toy.electrum:50001"}}}}}}}}}}};
}

Json awaitTask(TestNode& t, const Json& id) {
  Json status;
  for (int i = 0; i < 200; ++i) {
    status = t.rpc("task::enable_utxo::status", Json{{"task_id", id}})["result"];
    if (status["status"] != "InProgress") break;
    t.loop.runReady();
  }
  return status;
}

}  // namespace

TEST_CASE("a toy UTXO chain is activated, withdrawn and broadcast through the shared methods",
          "[utxo]") {
  const UtxoChains chains({bitcoinProfile(), std::make_shared<ToyProfile>()});
  const CoinFamilies families({std::make_shared<UtxoFamily>(chains)});
  ToyElectrum electrum;
  // The toy's withdraw answer has a field of its own (toy_bonus), not in the declared type.
  TestNode t(Json{{"passphrase", "toy chain passphrase"}, {"check_result_types", false}},
             toyCoins(), families, &electrum);
  electrum.executor = &t.loop;

  SECTION("a coin no profile serves is refused at init, naming its rules") {
    const Json refused = t.rpc("task::enable_utxo::init", activation("FORKC"));
    INFO(refused.dump());
    CHECK(refused["error_type"] == "CoinCreationError");
    CHECK(refused["error"].get<std::string>().find("fork_id 64") != std::string::npos);
  }

  const Json id = t.rpc("task::enable_utxo::init", activation("TOYC"))["result"]["task_id"];
  const Json status = awaitTask(t, id);
  INFO(status.dump());
  REQUIRE(status["status"] == "Ok");
  const std::string mine = status["details"]["wallet_balance"]["address"];

  const Json answer = t.rpc("withdraw", Json{{"coin", "TOYC"},
                                             {"to", "1BoatSLRHtKNngkdXEeobR76b53LETtpyT"},
                                             {"amount", "0.0011"}})["result"];
  INFO(answer.dump());
  REQUIRE(answer.is_object());
  const UtxoTransaction tx = ToyCodec().parse(fromHex(answer["tx_hex"].get<std::string>()));
  CHECK(answer["tx_hash"] == ToyCodec().txid(tx));
  CHECK(tx.version == 7);
  CHECK(tx.locktime == 1700000000);
  // The two spendable outputs, largest first; never the toy's unspendable one.
  REQUIRE(tx.inputs.size() == 2);
  CHECK(tx.inputs[0].prevout == OutPoint::fromDisplay(kTxA, 0));
  CHECK(tx.inputs[1].prevout == OutPoint::fromDisplay(kTxC, 2));
  // The payment, the toy's own output, then change that holds the bonus.
  REQUIRE(tx.outputs.size() == 3);
  CHECK(tx.outputs[0].value == 110000);
  CHECK(tx.outputs[1].value == 0);
  CHECK(tx.outputs[1].script_pubkey == kToyOutput);
  const std::uint64_t fee = 130000 + 2 * kBonusPerInput - 110000 - tx.outputs[2].value;
  CHECK(answer["fee_details"]["amount"] == UInt256(fee).toDecimal(8));
  CHECK(answer["toy_bonus"] == "0.00001");
  // The fee pays for the toy's size at 1000 sat/kB, trailer included (signatures at their largest).
  const std::size_t size = fromHex(answer["tx_hex"].get<std::string>()).size();
  CHECK(fee >= size);
  CHECK(fee <= size + 2);
  CHECK(answer["from"] == Json::array({mine}));

  // Each signature: the toy's digest, its hash-type byte, the wallet's key.
  const std::vector<std::uint64_t> amounts = {100000, 30000};
  for (std::size_t i = 0; i < 2; ++i) {
    WireReader r(tx.inputs[i].script_sig);
    const std::uint8_t sig_len = r.u8();
    const ByteView sig_view = r.raw(sig_len);
    const Bytes sig(sig_view.begin(), sig_view.end());
    const std::uint8_t pub_len = r.u8();
    const ByteView pub = r.raw(pub_len);
    REQUIRE(sig.back() == kToyHashType);
    const ByteArray<20> hash = hash160(pub);
    Bytes script_code = {0x76, 0xa9, 0x14};
    script_code.insert(script_code.end(), hash.begin(), hash.end());
    script_code.insert(script_code.end(), {0x88, 0xac});
    const Digest32 digest = toyDigest(tx, i, script_code, amounts[i]);
    CHECK(verifyDer(digest, ByteView(sig).first(sig.size() - 1), PublicKey::parse(pub)));
  }

  const Json sent =
      t.rpc("send_raw_transaction", Json{{"coin", "TOYC"}, {"tx_hex", answer["tx_hex"]}})["result"];
  INFO(sent.dump());
  CHECK(sent["tx_hash"] == answer["tx_hash"]);
  REQUIRE(electrum.broadcast.size() == 1);
  CHECK(electrum.broadcast[0] == answer["tx_hex"]);
}

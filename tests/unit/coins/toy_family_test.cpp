// The family seam: a toy family, defined only in this file and handed to a test node's family
// list, is activated, asked for its balance, withdraws, broadcasts and is disabled through the
// shared methods — no shared file names it. If adding a family needed a shared edit, this test
// could not be written.
#include <catch2/catch.hpp>

#include "core/coins/coin_family.h"
#include "core/coins/evm/evm_family.h"
#include "core/crypto/hashes.h"
#include "core/encoding/encoding_error.h"
#include "core/encoding/hex.h"
#include "tests/unit/test_support.h"

using namespace walletd;
using namespace walletd::test;

namespace {

struct ToyLedger {
  std::vector<Bytes> broadcast;
  bool disabled = false;
};

class ToyCoin : public ActiveCoin {
 public:
  ToyCoin(std::string ticker, ToyLedger& ledger) : ticker_(std::move(ticker)), ledger_(ledger) {}
  const std::string& ticker() const override { return ticker_; }
  std::optional<std::string> platform() const override { return std::nullopt; }
  std::string myAddress() const override { return "toy1qqqq"; }
  Task<BalanceInfo> myBalance() override {
    co_return BalanceInfo{*Decimal::fromText("12.5"), *Decimal::fromText("0.5")};
  }
  Task<TransactionDetails> withdraw(WithdrawRequest request) override {
    if (request.fee && !request.fee->as<UtxoFixedFee>()) {
      throw rpcError(WithdrawError::InvalidFeePolicy, "toy coins take UtxoFixed",
                     Json("toy coins take UtxoFixed"));
    }
    TransactionDetails tx;
    tx.tx_hex = "0aff";
    tx.tx_hash = "ff0a";
    tx.from = {myAddress()};
    tx.to = {request.to};
    tx.total_amount = request.amount.str();
    tx.spent_by_me = request.amount.str();
    tx.received_by_me = "0";
    tx.my_balance_change = "-" + request.amount.str();
    tx.fee_details.value = UtxoFeeDetails{ticker_, "0.001"};
    tx.coin = ticker_;
    tx.memo = request.memo;
    if (request.broadcast) ledger_.broadcast.push_back(fromHex(tx.tx_hex));
    co_return tx;
  }
  Task<std::string> sendRawTransaction(SendRawRequest request) override {
    if (!request.tx_bytes)
      throw rpcError(RawTransactionError::InvalidParam, "toy: tx_hex only", Json("tx_hex only"));
    ledger_.broadcast.push_back(*request.tx_bytes);
    co_return "hash-of-" + toHex(*request.tx_bytes);
  }
  void onDisable() override { ledger_.disabled = true; }

 private:
  std::string ticker_;
  ToyLedger& ledger_;
};

class ToyActivator : public PlatformActivator {
 public:
  explicit ToyActivator(ToyLedger& ledger) : ledger_(ledger) {}
  std::string_view platformProtocol() const override { return "TOY"; }
  void check(Node&, const CoinEntry&, const PlatformActivationParams& p) const override {
    if (!p.tokens.empty()) throwInvalidParams("params.erc20_tokens_requests: toys have no tokens");
  }
  Task<ActivatedCoins> activate(Node&, const CoinEntry& entry, PlatformActivationParams p,
                                std::shared_ptr<RpcTaskHandle>) const override {
    ActivatedCoins out;
    out.coins.push_back(std::make_shared<ToyCoin>(p.ticker, ledger_));
    out.result = Json{{"ticker", p.ticker}, {"colour", entry.string("colour").value_or("none")}};
    co_return out;
  }

 private:
  ToyLedger& ledger_;
};

// Toy addresses: "toy:" + the hex of the compressed public key's HASH160.
class ToyAddressCodec : public AddressCodec {
 public:
  std::string address(const PublicKey& key, bool) const override {
    return "toy:" + toHex(hash160(key.compressed()));
  }
  std::string privateKeyText(const PrivateKey& key) const override {
    return "toykey:" + toHex(key);
  }
  std::string publicKeyText(const PublicKey& key) const override { return toHex(key.compressed()); }
  void validate(std::string_view address) const override {
    if (address.rfind("toy:", 0) != 0 || address.size() != 44)
      throw EncodingError("not a toy address");
  }
  std::optional<std::string> convert(std::string_view from, const std::string& format,
                                     const std::optional<std::string>&) const override {
    if (format != "standard") return std::nullopt;  // toy "standard" = upper case
    validate(from);
    std::string out(from);
    for (char& c : out) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    return out;
  }
};

class ToyFamily : public CoinFamily {
 public:
  explicit ToyFamily(ToyLedger& ledger) : activator_(ledger) {}
  std::string_view name() const override { return "Toy"; }
  std::vector<std::string_view> protocolTypes() const override { return {"TOY"}; }
  const PlatformActivator* platformActivator() const override { return &activator_; }
  std::unique_ptr<AddressCodec> addressCodec(const CoinEntry&, const CoinsConfig&) const override {
    return std::make_unique<ToyAddressCodec>();
  }

 private:
  ToyActivator activator_;
};

// The toy's answers are its own, not KDF's declared types: their shape is not checked.
const Json kToyConf = {{"passphrase", "toy passphrase"}, {"check_result_types", false}};

CoinsConfig toyCoins() {
  return CoinsConfig::fromJson(Json::parse(R"([
    {"coin": "TOY", "colour": "red", "protocol": {"type": "TOY"}},
    {"coin": "ETH", "protocol": {"type": "ETH", "protocol_data": {"chain_id": 1}}}])"));
}

}  // namespace

TEST_CASE("a family outside the shared code works through the shared methods") {
  ToyLedger ledger;
  const CoinFamilies families({std::make_shared<EvmFamily>(), std::make_shared<ToyFamily>(ledger)});
  TestNode t(kToyConf, toyCoins(), families);

  const Json activated =
      t.rpc("enable_eth_with_tokens", Json{{"ticker", "TOY"}, {"nodes", Json::array()}});
  REQUIRE(activated["result"] == Json::parse(R"({"ticker":"TOY","colour":"red"})"));
  CHECK(t.rpc("get_enabled_coins")["result"]["coins"] == Json::parse(R"([{"ticker":"TOY"}])"));
  CHECK(t.rpc("my_balance", Json{{"coin", "TOY"}})["result"] ==
        Json::parse(R"({"address":"toy1qqqq","balance":"12.5","unspendable_balance":"0.5",
                        "coin":"TOY"})"));

  const Json tx = t.rpc("withdraw", Json{{"coin", "TOY"},
                                         {"to", "toy1zzzz"},
                                         {"amount", "1.25"},
                                         {"broadcast", true},
                                         {"fee", {{"type", "UtxoFixed"}, {"amount", "0.001"}}}});
  CHECK(tx["result"]["fee_details"] ==
        Json::parse(R"({"type":"Utxo","coin":"TOY","amount":"0.001"})"));
  CHECK(tx["result"]["my_balance_change"] == "-1.25");
  CHECK(tx["result"]["memo"].is_null());
  int status = 0;
  CHECK(t.rpc("withdraw",
              Json{{"coin", "TOY"},
                   {"to", "x"},
                   {"amount", 1},
                   {"fee", {{"type", "EthGas"}, {"gas_price", "1"}, {"gas", 21000}}}},
              &status)["error_type"] == "InvalidFeePolicy");
  CHECK(status == 400);

  CHECK(t.rpc("send_raw_transaction", Json{{"coin", "TOY"}, {"tx_hex", "0x0102"}})["result"] ==
        Json{{"tx_hash", "hash-of-0102"}});
  REQUIRE(ledger.broadcast.size() == 2);
  CHECK(toHex(ledger.broadcast[1]) == "0102");

  // What the toy does not override answers KDF's "not supported" errors.
  CHECK(t.rpc("sign_raw_transaction",
              Json{{"coin", "TOY"}, {"type", "UTXO"}, {"tx", {{"tx_hex", "00"}}}},
              &status)["error_type"] == "NotImplemented");
  CHECK(t.rpc("my_tx_history", Json{{"coin", "TOY"}}, &status)["error_type"] == "NotSupportedFor");
  CHECK(status == 400);

  CHECK(t.rpc("disable_coin", Json{{"coin", "TOY"}})["result"]["coin"] == "TOY");
  CHECK(ledger.disabled);
  CHECK(t.rpc("get_enabled_coins")["result"]["coins"] == Json::array());
}

TEST_CASE("the task form routes to the toy family too, and refusals come before it") {
  ToyLedger ledger;
  const CoinFamilies families({std::make_shared<ToyFamily>(ledger)});
  TestNode t(kToyConf, toyCoins(), families);
  int status = 0;
  // ETH's family is not in this node's list: its protocol is unexpected here.
  CHECK(t.rpc("enable_eth_with_tokens", Json{{"ticker", "ETH"}, {"nodes", Json::array()}},
              &status)["error_type"] == "UnexpectedPlatformProtocol");
  CHECK(t.rpc("task::enable_eth::init",
              Json{{"ticker", "TOY"},
                   {"nodes", Json::array()},
                   {"erc20_tokens_requests", {{{"ticker", "X"}}}}},
              &status)["error_type"] == "InvalidRequest");
  const Json id = t.rpc("task::enable_eth::init",
                        Json{{"ticker", "TOY"}, {"nodes", Json::array()}})["result"]["task_id"];
  runTask(t.loop, t.clock, runVoid([]() -> Task<void> { co_return; }()));
  const Json status_answer = t.rpc("task::enable_eth::status", Json{{"task_id", id}})["result"];
  CHECK(status_answer["status"] == "Ok");
  CHECK(status_answer["details"]["colour"] == "red");
  CHECK(t.rpc("my_balance", Json{{"coin", "TOY"}})["result"]["balance"] == "12.5");
}

TEST_CASE("key export and address methods reach a family's own address codec") {
  ToyLedger ledger;
  const CoinFamilies families({std::make_shared<EvmFamily>(), std::make_shared<ToyFamily>(ledger)});
  TestNode t(kToyConf, toyCoins(), families);
  const Json keys = t.rpc("get_private_keys", Json{{"coins", {"TOY"}}})["result"];
  INFO(keys.dump());
  const std::string address = keys[0]["address"];
  REQUIRE(address.rfind("toy:", 0) == 0);
  REQUIRE(keys[0]["priv_key"].get<std::string>().rfind("toykey:", 0) == 0);
  CHECK(t.rpc("validateaddress", Json{{"coin", "TOY"}, {"address", address}})["result"] ==
        Json{{"is_valid", true}});
  CHECK(t.rpc("validateaddress", Json{{"coin", "TOY"}, {"address", "0x00"}})["result"]["reason"] ==
        "not a toy address");
  std::string shouted = address;
  for (char& c : shouted) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  Json to = Json{{"format", "standard"}};
  CHECK(t.rpc("convertaddress", Json{{"coin", "TOY"},
                                     {"from", address},
                                     {"to_address_format", to}})["result"]["address"] == shouted);
  to["format"] = "mixedcase";
  CHECK(t.rpc("convertaddress",
              Json{{"coin", "TOY"}, {"from", address}, {"to_address_format", to}})["error_type"] ==
        "UnsupportedAddressFormat");
}

TEST_CASE("a malformed coins-file entry answers KDF's protocol parse error; the rest activate") {
  ToyLedger ledger;
  const CoinFamilies families({std::make_shared<ToyFamily>(ledger)});
  const CoinsConfig coins = CoinsConfig::fromJson(Json::parse(R"([
    {"coin": "BROKEN", "protocol": {"protocol_data": {}}},
    {"coin": "TOY", "colour": "red", "protocol": {"type": "TOY"}}])"));
  REQUIRE(coins.warnings().size() == 1);
  TestNode t(kToyConf, coins, families);
  int status = 0;
  const Json refused = t.rpc("enable_eth_with_tokens",
                             Json{{"ticker", "BROKEN"}, {"nodes", Json::array()}}, &status);
  CHECK(refused["error_type"] == "CoinProtocolParseError");
  CHECK(refused["error_data"] ==
        Json::parse(R"({"ticker":"BROKEN","error":"protocol: missing field `type`"})"));
  CHECK(status == 500);
  CHECK(t.rpc("enable_erc20", Json{{"ticker", "BROKEN"}, {"activation_params", Json::object()}},
              &status)["error_type"] == "TokenProtocolParseError");
  CHECK(t.rpc("enable_eth_with_tokens", Json{{"ticker", "TOY"}})["result"]["colour"] == "red");
}

TEST_CASE("the legacy enable routes a platform through its family's activator") {
  ToyLedger ledger;
  const CoinFamilies families({std::make_shared<ToyFamily>(ledger)});
  TestNode t(kToyConf, toyCoins(), families);
  const Json answer = t.legacy(Json{{"method", "enable"},
                                    {"coin", "TOY"},
                                    {"urls", Json::array()},
                                    {"swap_contract_address", "0x00"},
                                    {"gui", "x"}});
  CHECK(answer == Json::parse(R"({"result":"success","address":"toy1qqqq","balance":"12.5",
      "unspendable_balance":"0.5","coin":"TOY","required_confirmations":1,
      "requires_notarization":false})"));
  CHECK(t.rpc("get_enabled_coins")["result"]["coins"] == Json::parse(R"([{"ticker":"TOY"}])"));
}

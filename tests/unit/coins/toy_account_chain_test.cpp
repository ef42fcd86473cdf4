// The account-chain seam: a toy family with a platform coin, a token and HD accounts, defined
// only in this file and handed to a test node's family list. Its activators are a few lines over
// the account-chain kit (account_chain_activation.h), its peer answers from an in-memory ledger,
// and it gets, through the shared methods and no shared edit: enable_eth_with_tokens with the
// HD scan (an address used only by a token counts) and KDF's HD report, enable_erc20 with a
// balance per known address, get_new_address, account_balance and task::account_balance::*.
#include <catch2/catch.hpp>

#include <map>
#include <set>

#include "core/coins/account_chain_activation.h"
#include "core/coins/tron/tron_family.h"
#include "core/encoding/encoding_error.h"
#include "core/encoding/hex.h"
#include "core/wallet/keys/keccak_account_key.h"
#include "tests/unit/test_support.h"

using namespace walletd;
using namespace walletd::test;

namespace {

const char* kMnemonic =
    "abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about";
const char* kContract = "0x00000000000000000000000000000000000000aa";

std::string toyAddress(const EthAddress& account) {
  return "toy:" + toHex(account);
}

// What the toy chain knows: coin and token balances, and who ever sent.
struct ToyLedger {
  std::map<std::string, std::uint64_t> coin;   // toy address → units
  std::map<std::string, std::uint64_t> token;  // toy address → units of the one token
  std::set<std::string> sent;
  int reads = 0;
};

class ToyPlatform : public ActiveCoin {
 public:
  ToyPlatform(std::string ticker, KeccakAccountKey key, std::shared_ptr<HdWallet> hd,
              ToyLedger& ledger)
      : ticker_(std::move(ticker)), key_(std::move(key)), hd_(std::move(hd)), ledger_(ledger) {}
  const std::string& ticker() const override { return ticker_; }
  std::optional<std::string> platform() const override { return std::nullopt; }
  std::string myAddress() const override { return toyAddress(key_.account); }
  Task<BalanceInfo> myBalance() override {
    co_return spendableBalance(UInt256(ledger_.coin[myAddress()]), 8);
  }
  HdCoin* hd() override { return hd_chain_.get(); }

  // What the account-chain kit asks of a platform.
  HdWallet* hdWallet() { return hd_.get(); }
  std::shared_ptr<HdWallet> hdShared() { return hd_; }
  void setHdChain(std::unique_ptr<AccountChainHd> chain) { hd_chain_ = std::move(chain); }
  AccountChainHd* hdChain() { return hd_chain_.get(); }
  std::vector<EthAddress> knownAccounts() const {
    return hd_ ? hd_->knownKeccakAccounts() : std::vector<EthAddress>{key_.account};
  }
  Task<UInt256> tokenBalance(EthAddress, EthAddress account) {
    ++ledger_.reads;
    co_return UInt256(ledger_.token[toyAddress(account)]);
  }
  ToyLedger& ledger() { return ledger_; }

 private:
  std::string ticker_;
  KeccakAccountKey key_;
  std::shared_ptr<HdWallet> hd_;
  std::unique_ptr<AccountChainHd> hd_chain_;
  ToyLedger& ledger_;
};

class ToyToken : public ActiveCoin {
 public:
  ToyToken(std::string ticker, std::shared_ptr<ToyPlatform> platform, EthAddress contract,
           unsigned decimals, std::uint32_t)
      : ticker_(std::move(ticker)),
        platform_(std::move(platform)),
        contract_(contract),
        decimals_(decimals) {}
  const std::string& ticker() const override { return ticker_; }
  std::optional<std::string> platform() const override { return platform_->ticker(); }
  std::string myAddress() const override { return platform_->myAddress(); }
  Task<BalanceInfo> myBalance() override {
    co_return spendableBalance(UInt256(platform_->ledger().token[myAddress()]), decimals_);
  }
  unsigned decimals() const { return decimals_; }
  const EthAddress& contract() const { return contract_; }

 private:
  std::string ticker_;
  std::shared_ptr<ToyPlatform> platform_;
  EthAddress contract_;
  unsigned decimals_;
};

class ToyPeer : public AccountChainPeer {
 public:
  explicit ToyPeer(ToyLedger& ledger) : ledger_(ledger) {}
  std::string writeAddress(const EthAddress& account) const override { return toyAddress(account); }
  Task<UInt256> coinBalance(EthAddress account) override {
    co_return UInt256(ledger_.coin[toyAddress(account)]);
  }
  Task<UInt256> tokenBalance(EthAddress, EthAddress account) override {
    co_return UInt256(ledger_.token[toyAddress(account)]);
  }
  Task<bool> accountUsed(EthAddress account) override {
    const std::string a = toyAddress(account);
    co_return ledger_.sent.count(a) > 0 || ledger_.coin[a] > 0;
  }

 private:
  ToyLedger& ledger_;
};

AccountChainTokenPlan toyPlan(const CoinEntry& entry) {
  return {entry.ticker, parseEthAddress(entry.protocolString("contract_address").value(), false), 6,
          1};
}

class ToyPlatformActivator : public PlatformActivator {
 public:
  explicit ToyPlatformActivator(ToyLedger& ledger) : ledger_(ledger) {}
  std::string_view platformProtocol() const override { return "TOYCHAIN"; }
  void check(Node&, const CoinEntry&, const PlatformActivationParams&) const override {}
  Task<ActivatedCoins> activate(Node& node, const CoinEntry& entry, PlatformActivationParams p,
                                std::shared_ptr<RpcTaskHandle> handle) const override {
    std::optional<HdPlatformWallet> hd;
    if (node.keys().mode() == WalletKeys::Mode::HD)
      hd = co_await openHdPlatformWallet(node, entry, p);
    KeccakAccountKey key = hd ? hd->hd->keccakKeyAt(hd->activated)
                              : KeccakAccountKey::fromKey(node.keys().iguanaKey(), "");
    auto platform =
        std::make_shared<ToyPlatform>(p.ticker, std::move(key), hd ? hd->hd : nullptr, ledger_);
    std::vector<std::shared_ptr<ToyToken>> tokens;
    for (const TokenRequest& request : p.tokens) {
      const AccountChainTokenPlan plan = toyPlan(*node.coins().find(request.ticker));
      tokens.push_back(std::make_shared<ToyToken>(plan.ticker, platform, plan.contract,
                                                  plan.decimals, plan.required_confirmations));
    }
    AccountChainFinish finish{42, "", 8, std::make_unique<ToyPeer>(ledger_)};
    co_return co_await finishAccountChainActivation(
        node, platform, std::move(tokens), std::move(hd), std::move(p), handle, std::move(finish));
  }

 private:
  ToyLedger& ledger_;
};

class ToyTokenActivator : public TokenActivator {
 public:
  std::string_view tokenProtocol() const override { return "TOYCHAIN20"; }
  Task<ActivatedCoins> activate(Node& node, const CoinEntry& entry,
                                TokenActivationParams p) const override {
    auto platform =
        tokenPlatform<ToyPlatform>(node, entry.protocolString("platform").value_or(""), p.ticker);
    co_return co_await activateAccountChainToken<ToyToken>(platform, toyPlan(entry), &toyAddress);
  }
};

class ToyCodec : public AddressCodec {
 public:
  std::string address(const PublicKey& key, bool) const override {
    return toyAddress(ethAddressFromPublicKey(key.uncompressed()));
  }
  std::string privateKeyText(const PrivateKey& key) const override { return toHex(key); }
  std::string publicKeyText(const PublicKey& key) const override { return toHex(key.compressed()); }
  void validate(std::string_view address) const override {
    if (address.rfind("toy:", 0) != 0) throw EncodingError("not a toy address");
  }
  std::optional<std::string> convert(std::string_view, const std::string&,
                                     const std::optional<std::string>&) const override {
    return std::nullopt;
  }
};

class ToyChainFamily : public CoinFamily {
 public:
  explicit ToyChainFamily(ToyLedger& ledger) : platforms_(ledger) {}
  std::string_view name() const override { return "ToyChain"; }
  std::vector<std::string_view> protocolTypes() const override {
    return {"TOYCHAIN", "TOYCHAIN20"};
  }
  const PlatformActivator* platformActivator() const override { return &platforms_; }
  const TokenActivator* tokenActivator() const override { return &tokens_; }
  std::vector<WithdrawOption> withdrawOptions() const override {
    return {{"toy_lane", "\"fast\" | \"slow\" /* the toy chain's own */"}};
  }
  std::unique_ptr<AddressCodec> addressCodec(const CoinEntry&, const CoinsConfig&) const override {
    return std::make_unique<ToyCodec>();
  }

 private:
  ToyPlatformActivator platforms_;
  ToyTokenActivator tokens_;
};

CoinsConfig toyCoins() {
  return CoinsConfig::fromJson(Json::parse(R"([
    {"coin": "TOYP", "protocol": {"type": "TOYCHAIN"}, "derivation_path": "m/44'/60'"},
    {"coin": "TOYT", "protocol": {"type": "TOYCHAIN20", "protocol_data":
      {"platform": "TOYP", "contract_address": "0x00000000000000000000000000000000000000aa"}},
     "derivation_path": "m/44'/60'"}])"));
}

std::string hdAddress(TestNode& t, int index) {
  const Json keys = t.rpc(
      "get_private_keys",
      Json{{"coins", {"TOYP"}}, {"mode", "hd"}, {"start_index", index}, {"end_index", index}});
  return keys["result"][0]["addresses"][0]["address"];
}

}  // namespace

TEST_CASE("a toy account-chain family gets HD activation, tokens and the HD methods from the kit") {
  ToyLedger ledger;
  const CoinFamilies families({std::make_shared<ToyChainFamily>(ledger)});
  TestNode t(Json{{"passphrase", kMnemonic}, {"enable_hd", true}}, toyCoins(), families);
  // Index 0 is the known first address of this mnemonic (m/44'/60'/0'/0/0).
  REQUIRE(hdAddress(t, 0) == "toy:9858effd232b4033e47d90003d41ec34ecaeda94");
  const std::string token_user = hdAddress(t, 2), coin_user = hdAddress(t, 5);
  ledger.token[token_user] = 2500000;  // used only by the token: the scan goes on past it
  ledger.coin[coin_user] = 300000000;

  const Json r =
      t.rpc("enable_eth_with_tokens", Json{{"ticker", "TOYP"},
                                           {"nodes", Json::array()},
                                           {"erc20_tokens_requests", {{{"ticker", "TOYT"}}}},
                                           {"gap_limit", 3}})["result"];
  INFO(r.dump());
  CHECK(r["current_block"] == 42);
  const Json account = r["wallet_balance"]["accounts"][0];
  REQUIRE(account["addresses"].size() == 6);  // 0..5; 6..8 unused
  CHECK(account["addresses"][2]["address"] == token_user);
  CHECK(account["addresses"][2]["balance"]["TOYT"]["spendable"] == "2.5");
  CHECK(account["addresses"][5]["balance"]["TOYP"]["spendable"] == "3");
  CHECK(account["total_balance"] == Json::parse(R"({"TOYP":{"spendable":"3","unspendable":"0"},
                        "TOYT":{"spendable":"2.5","unspendable":"0"}})"));

  // The shared HD methods reach the kit.
  const Json fresh_answer = t.rpc("get_new_address", Json{{"coin", "TOYP"}, {"account_id", 0}});
  INFO(fresh_answer.dump());
  const Json fresh = fresh_answer["result"];
  INFO(fresh.dump());
  CHECK(fresh["new_address"]["address"] == hdAddress(t, 6));
  CHECK(fresh["new_address"]["derivation_path"] == "m/44'/60'/0'/0/6");
  const Json balance =
      t.rpc("account_balance",
            Json{{"coin", "TOYP"}, {"account_index", 0}, {"chain", "External"}})["result"];
  INFO(balance.dump());
  CHECK(balance["addresses"].size() == 7);
  CHECK(balance["page_balance"]["TOYT"]["spendable"] == "2.5");
  const Json id = t.rpc("task::account_balance::init",
                        Json{{"coin", "TOYP"}, {"account_index", 0}})["result"]["task_id"];
  runTask(t.loop, t.clock, runVoid([]() -> Task<void> { co_return; }()));
  const Json task = t.rpc("task::account_balance::status", Json{{"task_id", id}})["result"];
  CHECK(task["status"] == "Ok");
  CHECK(task["details"]["total_balance"] == account["total_balance"]);

  // enable_erc20 for the family's token: a balance for every known address of the platform.
  REQUIRE(t.rpc("disable_coin", Json{{"coin", "TOYT"}})["result"].is_object());
  const int reads = ledger.reads;
  const Json token_answer =
      t.rpc("enable_erc20", Json{{"ticker", "TOYT"}, {"activation_params", Json::object()}});
  INFO(token_answer.dump());
  const Json token = token_answer["result"];
  CHECK(ledger.reads - reads == 7);
  CHECK(token["platform_coin"] == "TOYP");
  CHECK(token["token_contract_address"] == std::string("toy:") + (kContract + 2));
  CHECK(token["balances"].size() == 7);
  CHECK(token["balances"][token_user]["spendable"] == "2.5");
  // A token whose platform is not active: KDF's error, from the kit.
  REQUIRE(t.rpc("disable_coin", Json{{"coin", "TOYT"}})["result"].is_object());
  REQUIRE(t.rpc("disable_coin", Json{{"coin", "TOYP"}})["result"].is_object());
  const Json refused =
      t.rpc("enable_erc20", Json{{"ticker", "TOYT"}, {"activation_params", Json::object()}});
  INFO(refused.dump());
  CHECK(refused["error_type"] == "PlatformCoinIsNotActivated");
}

TEST_CASE("a family's own withdraw options are documented, and refused on another family's coin") {
  ToyLedger ledger;
  const CoinFamilies families(
      {std::make_shared<ToyChainFamily>(ledger), std::make_shared<TronFamily>()});
  TestNode t(Json{{"passphrase", kMnemonic}}, toyCoins(), families);
  const std::string doc = t.node.methods().find("withdraw")->params_doc;
  CHECK(doc.find("toy_lane?: \"fast\" | \"slow\"") != std::string::npos);
  CHECK(doc.find("fee_method?: ") != std::string::npos);
  REQUIRE(t.rpc("enable_eth_with_tokens", Json{{"ticker", "TOYP"}, {"nodes", Json::array()}})
              .contains("result"));
  const Json refused =
      t.rpc("withdraw",
            Json{{"coin", "TOYP"}, {"to", "toy:00"}, {"amount", "1"}, {"fee_method", "gasless"}});
  CHECK(refused["error_type"] == "UnsupportedError");
  CHECK(refused["error"] ==
        "`fee_method` is a withdraw option of TRON coins; TOYP does not take it");
  // Its own option passes the shared method and reaches the coin (which withdraws nothing).
  const Json own = t.rpc(
      "withdraw", Json{{"coin", "TOYP"}, {"to", "toy:00"}, {"amount", "1"}, {"toy_lane", "fast"}});
  CHECK(own["error"].get<std::string>().find("withdraw option") == std::string::npos);
}

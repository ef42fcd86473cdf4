// get_private_keys, get_public_key(_hash), convertaddress and validateaddress through the
// dispatcher: KDF's offline_keys.rs vectors, every refusal, strict params, and wallet login.
#include <catch2/catch.hpp>

#include "tests/unit/scripted_http_client.h"
#include "tests/unit/test_support.h"

using namespace walletd;
using namespace walletd::test;

namespace {

const char* kKdfMnemonic =
    "prosper boss develop coconut warrior silly cabin trial person glass toilet mixed push spirit "
    "love";

Json hdConf() {
  return Json{{"passphrase", kKdfMnemonic}, {"enable_hd", true}};
}
Json iguanaConf() {
  return Json{{"passphrase", kKdfMnemonic}};
}
Json j(const char* text) {
  return Json::parse(text);
}

Json keysFor(TestNode& t, const char* ticker, std::uint32_t end = 2) {
  Json r = t.rpc("get_private_keys",
                 Json{{"coins", {ticker}}, {"mode", "hd"}, {"start_index", 0}, {"end_index", end}});
  REQUIRE(r.contains("result"));
  return r["result"][0]["addresses"];
}

}  // namespace

TEST_CASE("KDF offline_keys vectors: BTC, BTC-segwit, ETH and ATOM in HD mode") {
  TestNode t(hdConf(), walletdCoins());
  Json btc = keysFor(t, "BTC");
  CHECK(
      btc[0] ==
      j(R"({"derivation_path":"m/44'/0'/0'/0/0","pubkey":"037e746753316b028859ff20bac70ed4803a3056038e54ef86f71f35e53a6c8625","address":"1DWZWURWrdJnuZBqQgv3THfmhbxWgJuFex","priv_key":"KywJqZF9PrFSwWkocQ4JZSgfTD3eXYbfnM54Q3Ua7UKzGD4WTRbX"})"));
  CHECK(btc[1]["address"] == "17jQZo8xSjJeQLxexLZSZaBA9ks5tWh3fJ");
  CHECK(btc[1]["priv_key"] == "KwLRhtqifoX1FuMFJytB85DCZf6YoSjuFSqPXBzPsyi56GXJaVpD");
  CHECK(btc[2]["address"] == "13ZwKLGksE72YgMdKjJC9XZPM6TcpejJrJ");
  CHECK(btc[2]["pubkey"] == "034bf56e7072f8f378a8efee382c9a438fa4b4c98c387d4a0db543afc434c4adaf");

  Json segwit = keysFor(t, "BTC-segwit");
  CHECK(segwit[0]["derivation_path"] == "m/84'/0'/0'/0/0");
  CHECK(segwit[0]["address"] == "bc1q4cn6qhvuajkdfhk3fzuup07ktrepcukc8hv0c8");
  CHECK(segwit[0]["priv_key"] == "L2aJGVhekAig5a4Zx81NH9Q99h9gH7umiyqBWXrNX5w8xn2eeU5g");
  CHECK(segwit[2]["address"] == "bc1qvs2pggxxcl40n9cs9v9crkclmrx57hgp5f6579");

  Json eth = keysFor(t, "ETH");
  CHECK(eth[0]["address"] == "0x6B06d67C539B101180aC03b61ba7F7f3158CE54d");
  CHECK(eth[0]["priv_key"] == "0x646431107ae37e826aaa5108fe2c2611ef15615e78b4175919b85fd6366f19a3");
  CHECK(eth[0]["pubkey"] ==
        "0xa2b68c3126ba160e5ffb7c0d5c5c5c56e724f57e5ec0ace40d6db990e688ed4a98256f5b30ea495e91602b16"
        "5c4e58372ec3f6032768de49925f8754bb0df7f8");
  CHECK(eth[1]["address"] == "0x012F492f2d254e204dD8da3a4f0d6071C345b9D1");
  CHECK(eth[2]["priv_key"] == "0xddb38472a7d7095ad466b4a4e19f85f612f87e04a23c75eac8e7957d31ee22f0");

  Json atom = keysFor(t, "ATOM", 1);
  CHECK(atom[0]["address"] == "cosmos1j398pch49fkgx986r4aqm57zp3phuzq4p30dhh");
  CHECK(atom[1]["address"] == "cosmos1cecqkvtwn0vyr730yq3hawrl8rztvchz6kadk8");
  CHECK(atom[0]["priv_key"].get<std::string>().size() == 64);  // hex without 0x

  // The default range is start..start+10 (11 addresses); TRX gives base58 addresses.
  Json trx = t.rpc("get_private_keys", j(R"({"coins":["TRX"]})"))["result"][0]["addresses"];
  CHECK(trx.size() == 11);
  CHECK(trx[0]["address"].get<std::string>()[0] == 'T');
  CHECK(trx[0]["derivation_path"] == "m/44'/195'/0'/0/0");
}

TEST_CASE("Iguana export: the passphrase key, standard addresses, KDF's shapes") {
  TestNode t(iguanaConf(), walletdCoins());
  Json r = t.rpc("get_private_keys", j(R"({"coins":["BTC","BTC-segwit","ETH","BCH"]})"))["result"];
  REQUIRE(r.size() == 4);
  CHECK(r[0]["coin"] == "BTC");
  CHECK(r[0]["address"].get<std::string>()[0] == '1');
  CHECK(r[1]["address"] == r[0]["address"]);  // KDF writes iguana segwit coins in the standard form
  CHECK(r[3]["address"] == r[0]["address"]);  // ... and cashaddr coins too
  CHECK(r[2]["priv_key"].get<std::string>().rfind("0x", 0) == 0);
  CHECK(r[0].size() == 4);
  Json pk = t.rpc("get_public_key")["result"];
  CHECK(pk["public_key"] == r[0]["pubkey"]);
  CHECK(t.rpc("get_public_key_hash")["result"]["public_key_hash"].get<std::string>().size() == 40);
}

TEST_CASE("get_private_keys refusals carry KDF's error types and statuses") {
  TestNode t(hdConf(), walletdCoins());
  int status = 0;
  Json r = t.rpc("get_private_keys",
                 j(R"({"coins":["BTC"],"mode":"hd","start_index":10,"end_index":5})"), &status);
  CHECK(status == 400);
  CHECK(r["error_type"] == "InvalidHdRange");
  CHECK(r["error_data"] == j(R"({"start_index":10,"end_index":5})"));
  r = t.rpc("get_private_keys",
            j(R"({"coins":["BTC"],"mode":"hd","start_index":0,"end_index":150})"), &status);
  CHECK((status == 400 && r["error_type"] == "HdRangeTooLarge"));
  CHECK_FALSE(r.contains("error_data"));
  r = t.rpc("get_private_keys",
            j(R"({"coins":["BTC"],"mode":"hd","start_index":0,"end_index":100})"), &status);
  CHECK((status == 200 && r["result"][0]["addresses"].size() == 101));
  r = t.rpc("get_private_keys", j(R"({"coins":["BTC"],"mode":"iguana","start_index":0})"), &status);
  CHECK((status == 400 && r["error_type"] == "InvalidParametersForMode"));
  r = t.rpc("get_private_keys", j(R"({"coins":["NOPE"],"mode":"hd"})"), &status);
  CHECK((status == 400 && r["error_type"] == "CoinConfigNotFound" && r["error_data"] == "NOPE"));
  r = t.rpc("get_private_keys", j(R"({"coins":["BTC"],"mode":"iguana"})"), &status);
  CHECK((status == 500 && r["error_type"] == "KeyDerivationFailed"));
  CHECK(r["error_data"]["ticker"] == "BTC");
}

TEST_CASE("get_private_keys params: wrong types, missing fields, out of range; unknown ignored") {
  TestNode t(hdConf(), walletdCoins());
  for (const char* params :
       {R"({})", R"({"coins":"BTC"})", R"({"coins":[1]})", R"({"coins":["BTC"],"mode":"HD"})",
        R"({"coins":["BTC"],"start_index":-1})", R"({"coins":["BTC"],"start_index":"0"})",
        R"({"coins":["BTC"],"account_index":2147483648})"}) {
    CAPTURE(params);
    int status = 0;
    Json r = t.rpc("get_private_keys", j(params), &status);
    CHECK(status == 400);
    CHECK(r["error_type"] == "InvalidRequest");
  }
  CHECK(t.rpc("get_private_keys", j(R"({"coins":["BTC"],"extra":1})"))["result"].size() == 1);
  Json many{{"coins", Json::array()}};
  for (int i = 0; i < 101; ++i) many["coins"].push_back("BTC");
  int status = 0;
  CHECK(t.rpc("get_private_keys", many, &status)["error_type"] == "InvalidRequest");
  CHECK(status == 400);
}

TEST_CASE("a node without a wallet answers key requests with clear errors") {
  TestNode t(Json::object(), walletdCoins());
  int status = 0;
  Json r = t.rpc("get_public_key", nullptr, &status);
  CHECK((status == 500 && r["error_type"] == "Internal"));
  r = t.rpc("get_private_keys", j(R"({"coins":["BTC"]})"), &status);
  CHECK((status == 500 && r["error_type"] == "Internal"));
}

TEST_CASE("get_public_key in HD mode is KDF's internal key m/44'/141'/2147483647/0/0") {
  TestNode t(hdConf(), walletdCoins());
  const std::string pub = t.rpc("get_public_key")["result"]["public_key"];
  CHECK(pub.size() == 66);
  Json kmd = t.rpc("get_private_keys",
                   j(R"({"coins":["KMD"],"mode":"hd","start_index":0,"end_index":0})"))["result"];
  CHECK(kmd[0]["addresses"][0]["pubkey"] != pub);  // account 0 is not the internal account
}

TEST_CASE("convertaddress: cashaddr, standard, mixedcase and QTUM forms, legacy and v2") {
  TestNode t(Json::object(), walletdCoins());
  Json r = t.rpc(
      "convertaddress",
      j(R"({"coin":"BCH","from":"1DmFp16U73RrVZtYUbo2Ectt8mAnYScpqM","to_address_format":{"format":"cashaddress","network":"bitcoincash"}})"));
  CHECK(r["result"]["address"] == "bitcoincash:qzxqqt9lh4feptf0mplnk58gnajfepzwcq9f2rxk55");
  r = t.rpc(
      "convertaddress",
      j(R"({"coin":"BCH","from":"bitcoincash:qzxqqt9lh4feptf0mplnk58gnajfepzwcq9f2rxk55","to_address_format":{"format":"standard"}})"));
  CHECK(r["result"]["address"] == "1DmFp16U73RrVZtYUbo2Ectt8mAnYScpqM");
  r = t.rpc(
      "convertaddress",
      j(R"({"coin":"ETH","from":"0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed","to_address_format":{"format":"mixedcase"}})"));
  CHECK(r["result"]["address"] == "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed");
  r = t.rpc(
      "convertaddress",
      j(R"({"coin":"QTUM","from":"0x8840e6c55b9ada326d211d818c34a994aeced808","to_address_format":{"format":"wallet"}})"));
  const std::string wallet = r["result"]["address"];
  CHECK(wallet[0] == 'Q');
  r = t.rpc(
      "convertaddress",
      Json{{"coin", "QTUM"}, {"from", wallet}, {"to_address_format", {{"format", "contract"}}}});
  CHECK(r["result"]["address"] == "0x8840e6c55b9ada326d211d818c34a994aeced808");

  HttpAnswer legacy = t.call(
      R"({"userpass":"Test-Passw0rd!","method":"convertaddress","coin":"BCH","from":"1DmFp16U73RrVZtYUbo2Ectt8mAnYScpqM","to_address_format":{"format":"cashaddress","network":"bchtest"}})");
  CHECK(legacy.status == 200);
  CHECK(Json::parse(legacy.body)["result"]["address"].get<std::string>().rfind("bchtest:", 0) == 0);

  int status = 0;
  r = t.rpc(
      "convertaddress",
      j(R"({"coin":"ETH","from":"0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed","to_address_format":{"format":"cashaddress"}})"),
      &status);
  CHECK((status == 400 && r["error_type"] == "UnsupportedAddressFormat"));
  r = t.rpc(
      "convertaddress",
      j(R"({"coin":"BCH","from":"1DmFp16U73RrVZtYUbo2Ectt8mAnYScpqN","to_address_format":{"format":"standard"}})"),
      &status);
  CHECK((status == 400 && r["error_type"] == "InvalidAddress"));
  r = t.rpc("convertaddress",
            j(R"({"coin":"NOPE","from":"x","to_address_format":{"format":"standard"}})"), &status);
  CHECK((status == 400 && r["error_type"] == "NoSuchCoin" && r["error_data"]["coin"] == "NOPE"));
  for (const char* params :
       {R"({"coin":"BCH","from":"x"})",
        R"({"coin":"BCH","from":"x","to_address_format":{"format":"weird"}})",
        R"({"coin":"BCH","from":7,"to_address_format":{"format":"standard"}})",
        R"({"coin":"BCH","from":"x","to_address_format":{"format":"cashaddress","network":""}})"}) {
    CAPTURE(params);
    r = t.rpc("convertaddress", j(params), &status);
    CHECK((status == 400 && r["error_type"] == "InvalidRequest"));
  }
}

TEST_CASE("convertaddress: KDF's segwit and standard forms of a key hash, and singlecase") {
  TestNode t(Json::object(), walletdCoins());
  auto to = [&](const char* coin, const char* from, const char* format) {
    return t.rpc("convertaddress",
                 Json{{"coin", coin}, {"from", from}, {"to_address_format", {{"format", format}}}});
  };
  // Vectors computed with bitcoinjs-lib (fromBech32 / toBase58Check on the same hash).
  CHECK(to("BTC", "1DWZWURWrdJnuZBqQgv3THfmhbxWgJuFex", "segwit")["result"]["address"] ==
        "bc1q3yut2ma4q2tsaul9lmycwxsf9tyra9ga8p4m7m");
  CHECK(to("BTC", "bc1q4cn6qhvuajkdfhk3fzuup07ktrepcukc8hv0c8", "standard")["result"]["address"] ==
        "1Gsr3fvGk6pJ2CT3RbJRt3if7noxywHChc");
  CHECK(to("BTC-segwit", "bc1q4cn6qhvuajkdfhk3fzuup07ktrepcukc8hv0c8",
           "segwit")["result"]["address"] == "bc1q4cn6qhvuajkdfhk3fzuup07ktrepcukc8hv0c8");
  CHECK(to("BTC", "3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy", "segwit")["error_type"] ==
        "InvalidAddress");  // a script hash has no P2WPKH form
  const Json no_hrp = to("DOC", "RJTYiYeJ8eVvJ53n2YbrVmxWNNMVZjDGLh", "segwit");
  CHECK(no_hrp["error"].get<std::string>().find("no bech32_hrp") != std::string::npos);
  CHECK(to("ETH", "0x6B06d67C539B101180aC03b61ba7F7f3158CE54d",
           "singlecase")["result"]["address"] == "0x6b06d67c539b101180ac03b61ba7f7f3158ce54d");
  // `network` outside cashaddress is ignored, as KDF ignores it.
  CHECK(
      t.rpc(
          "convertaddress",
          j(R"({"coin":"BTC","from":"1DWZWURWrdJnuZBqQgv3THfmhbxWgJuFex","to_address_format":{"format":"standard","network":"x","y":1}})"))
          ["result"]["address"] == "1DWZWURWrdJnuZBqQgv3THfmhbxWgJuFex");
}

TEST_CASE("validateaddress: valid and invalid addresses per family, with reasons") {
  TestNode t(Json::object(), walletdCoins());
  auto check = [&](const char* coin, const char* address) {
    return t.rpc("validateaddress", Json{{"coin", coin}, {"address", address}})["result"];
  };
  CHECK(check("BTC", "1DWZWURWrdJnuZBqQgv3THfmhbxWgJuFex") == j(R"({"is_valid":true})"));
  CHECK(check("BTC", "bc1q4cn6qhvuajkdfhk3fzuup07ktrepcukc8hv0c8")["is_valid"] == true);
  CHECK(check("BTC", "1DWZWURWrdJnuZBqQgv3THfmhbxWgJuFey")["reason"] == "invalid checksum");
  CHECK(check("LTC", "1DWZWURWrdJnuZBqQgv3THfmhbxWgJuFex")["reason"] ==
        "address prefix does not belong to LTC");
  CHECK(check("BTC", "bc1q4cn6qhvuajkdfhk3fzuup07ktrepcukc8hv0C8")["reason"] ==
        "bech32 string mixes upper and lower case");
  CHECK(check("BCH", "bitcoincash:qzxqqt9lh4feptf0mplnk58gnajfepzwcq9f2rxk55")["is_valid"] == true);
  const std::string testnet = t.rpc(
      "convertaddress",
      j(R"({"coin":"BCH","from":"1DmFp16U73RrVZtYUbo2Ectt8mAnYScpqM","to_address_format":{"format":"cashaddress","network":"bchtest"}})"))
                                  ["result"]["address"];
  CHECK(check("BCH", testnet.c_str())["reason"] ==
        "cashaddr prefix 'bchtest' does not match 'bitcoincash'");
  CHECK(check("BTC", "bitcoincash:qzxqqt9lh4feptf0mplnk58gnajfepzwcq9f2rxk55")["is_valid"] ==
        false);
  CHECK(check("ETH", "0x6B06d67C539B101180aC03b61ba7F7f3158CE54d")["is_valid"] == true);
  CHECK(check("ETH", "0x6b06d67c539b101180ac03b61ba7f7f3158ce54d")["reason"] ==
        "Invalid address checksum");
  CHECK(check("ETH", "0x6B06d67C539B101180aC03b61ba7F7f3158CE5")["is_valid"] == false);
  CHECK(check("TRX", "TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL")["is_valid"] == true);
  CHECK(check("TRX", "TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeM")["is_valid"] == false);
  CHECK(check("ATOM", "cosmos1j398pch49fkgx986r4aqm57zp3phuzq4p30dhh")["is_valid"] == true);
  CHECK(check("ATOM", "osmo1j398pch49fkgx986r4aqm57zp3phuzq4p30dhh")["is_valid"] == false);
  HttpAnswer legacy = t.call(
      R"({"userpass":"Test-Passw0rd!","method":"validateaddress","coin":"ETH","address":"0x6B06d67C539B101180aC03b61ba7F7f3158CE54d"})");
  CHECK(Json::parse(legacy.body) == j(R"({"result":{"is_valid":true}})"));
  int status = 0;
  Json r = t.rpc("validateaddress", j(R"({"coin":"BTC"})"), &status);
  CHECK((status == 400 && r["error_type"] == "InvalidRequest"));
  r = t.rpc("validateaddress", j(R"({"coin":"BTC","address":"x","more":true})"), &status);
  CHECK((status == 200 && r["result"]["is_valid"] == false));  // KDF ignores `more` too
}

TEST_CASE("wallet_name: a new wallet is generated, sealed, and reopened; a wrong password fails") {
  MemoryStorage shared;
  Json conf{{"wallet_name", "main"}, {"wallet_password", "Wallet-Passw0rd!"}, {"enable_hd", true}};
  std::string first_key;
  {
    TestNode t(conf, walletdCoins());
    first_key = t.rpc("get_public_key")["result"]["public_key"];
    auto stored = runTask(t.loop, t.clock, t.storage.get("wallet", "mnemonic/main"));
    REQUIRE(stored);
    CHECK(stored->find("ciphertext") != std::string::npos);
    CHECK(stored->find("abandon") == std::string::npos);
    // Copy the sealed record into the shared store for the restarts below.
    std::vector<StorageWrite> writes{{"mnemonic/main", *stored}};
    runTask(t.loop, t.clock, runVoid(shared.applyBatch("wallet", writes)));
  }
  REQUIRE(first_key.size() == 66);
  // The test node's storage starts empty, so reuse the record through a node built on `shared`.
  ManualClock clock;
  LoopExecutor loop(clock);
  FixedRandom random;
  RecordingSink sink;
  ScriptedHttpClient http;
  auto start = [&](Json c) {
    auto node = std::make_unique<Node>(TestNode::makeConfig(std::move(c)), walletdCoins(),
                                       Platform{loop, shared, clock, random, sink, http}, nullptr);
    runTask(loop, clock, runVoid(node->start()));
    return node;
  };
  auto again = start(conf);
  CHECK(again->keys().internalPublicKey().compressed().size() == 33);
  Json wrong = conf;
  wrong["wallet_password"] = "Other-Passw0rd!";
  CHECK_THROWS_WITH(start(wrong), "wallet_password is wrong for wallet 'main'");
  Json mismatch = conf;
  mismatch["passphrase"] = kKdfMnemonic;
  CHECK_THROWS_WITH(start(mismatch), Catch::Contains("passphrase does not match"));
  Json weak{{"wallet_name", "other"}, {"wallet_password", "weak"}};
  CHECK_THROWS_WITH(start(weak), Catch::Contains("password policy"));
  Json missing{{"wallet_name", "other"}};
  CHECK_THROWS_WITH(start(missing), "wallet_password is required when wallet_name is set");
  Json bad_mnemonic{{"passphrase", "not a mnemonic at all"}, {"enable_hd", true}};
  CHECK_THROWS_WITH(start(bad_mnemonic), Catch::Contains("not a valid BIP39 mnemonic") &&
                                             !Catch::Contains("mnemonic at all"));
}

// ZHTLC key export and addresses through the dispatcher: KDF's ARRR vector (offline_keys.rs
// test_arrr_hd_key_derivation), other accounts and an Iguana wallet (computed with
// @airgap/sapling-wasm 0.0.9, librustzcash in wasm), the rows' shapes, and validateaddress with
// KDF's reasons.
#include <catch2/catch.hpp>

#include "tests/unit/test_support.h"

using namespace walletd;
using namespace walletd::test;

namespace {

const char* kArrrMnemonic =
    "ten village flavor olympic letter impose charge pulp know salmon report simple task eager "
    "census tumble ladder casino swallow draft draft pond carbon example";

// KDF's own coins file (tests/data/kdf-coins.json): ARRR, ZOMBIE and ZDEEX.
CoinsConfig kdfCoins() {
  return CoinsConfig::fromText(
      readTextFile(std::string(WALLETD_SOURCE_DIR) + "/tests/data/kdf-coins.json"));
}

Json j(const char* text) {
  return Json::parse(text);
}

}  // namespace

TEST_CASE("ZHTLC HD key export: KDF's ARRR vector, one row per coin, the account's keys") {
  TestNode t(Json{{"passphrase", kArrrMnemonic}, {"enable_hd", true}}, kdfCoins());
  Json r = t.rpc("get_private_keys",
                 j(R"({"coins":["ARRR"],"mode":"hd","start_index":0,"end_index":1})"));
  REQUIRE(r.contains("result"));
  CHECK(r["result"] == j(R"([{"coin":"ARRR","addresses":[{
    "derivation_path":"m/44'/141'/0'",
    "z_derivation_path":"m/32'/141'/0",
    "pubkey":"",
    "address":"zs1tc85uguljgmhrhreqnsphanu4xura9lcn6zmz7qr3unsq5yr34kvl6938rvz7d2uml5g53ae3ys",
    "priv_key":"secret-extended-key-main1qd0cv2y2qqqqpqye077hevux884lgksjtcqrxnc2qtdrfs05qh3h2wc99s8zc2fpke4auwnrwhpzqfzdudqn2t34t08d8rfvx3df02cgff82x5spg7lq28tvsr9vvwx6sdsymjc7fgk2ued06z9rzkp6lfczlx5ykj3mrqcy4l4wavgqsgzem0nunwzllely77k0ra86nhl936auh2qkuc3j3k75nmdw3cwaaevty6pq5wv57nxfqhwc2q4a97wpg2duxezegpkqe4cg05smz",
    "viewing_key":"zxviews1qd0cv2y2qqqqpqye077hevux884lgksjtcqrxnc2qtdrfs05qh3h2wc99s8zc2fpkepkc20seu8dr44353s5ydt2vmlzr9jmk6dnqx2su6g2tp7jetqalgd45qweck6r54dexp2397m3qj2kwd5d8rq4fdu3lddh7fjc4awv4l4wavgqsgzem0nunwzllely77k0ra86nhl936auh2qkuc3j3k75nmdw3cwaaevty6pq5wv57nxfqhwc2q4a97wpg2duxezegpkqe4czeh3g2"}]}])"));
  // The key order of a row is KDF's.
  std::vector<std::string> keys;
  for (const auto& item : r["result"][0]["addresses"][0].items()) keys.push_back(item.key());
  CHECK(keys == std::vector<std::string>{"derivation_path", "z_derivation_path", "pubkey",
                                         "address", "priv_key", "viewing_key"});

  r = t.rpc("get_private_keys", j(R"({"coins":["ARRR","ZOMBIE"],"mode":"hd","account_index":1})"));
  const Json& arrr1 = r["result"][0]["addresses"][0];
  CHECK(arrr1["derivation_path"] == "m/44'/141'/1'");
  CHECK(arrr1["z_derivation_path"] == "m/32'/141'/1");
  CHECK(arrr1["address"] ==
        "zs16c460kwgact4986lchmakz4ghhhc3x3lptjgq7vravcafu2ffshd4xz04ux9z2r3nvl3ypk3vqx");
  CHECK(
      arrr1["priv_key"] ==
      "secret-extended-key-main1qd0cv2y2qyqqpqrcn3el996ghcxkac0ft8ygcvxte0yve7m9tjcrut47pxpxp9zmwyy"
      "h9wukdqrf8ujsk9ggm6h9epma3usygcutwmwewq3p40u3qgls97jv79kdkgge54m0watukkngv9rs8hfy2fxddanl7v0"
      "0a042avqvhvnsyh6gsfu5nyr2fj8nyur0fmjywfamkdamnh6yl6ngjdhrm095ewt45sh7z5m026ql9wcpa3sgr9c2e8a"
      "d3weszmw23gkqelqfw6g7g5zx7");
  // ZOMBIE shares ARRR's paths and HRPs, so its keys are ARRR's.
  CHECK(r["result"][1]["addresses"][0]["address"] == arrr1["address"]);
}

TEST_CASE("ZHTLC Iguana key export: the master key of the Iguana private key") {
  TestNode t(Json{{"passphrase", "zhtlc test passphrase"}}, walletdCoins());
  Json r = t.rpc("get_private_keys", j(R"({"coins":["ARRR"]})"));
  REQUIRE(r.contains("result"));
  const Json& row = r["result"][0];
  CHECK(row["coin"] == "ARRR");
  CHECK(row["pubkey"] == "");
  CHECK(row["address"] ==
        "zs1rak0h5tg22mx43tqaya4r7zyg55p2vdnq3k3xn2c2hf3uampz67cmxhpvxkr9rcf94hdjp4hpat");
  CHECK(
      row["priv_key"] ==
      "secret-extended-key-main1qqqqqqqqqqqqqq8kn4ee4npcnw0awxe6xhd367elewcvars73mh0yrgs2fca8y2f7"
      "334hgle2rxlvvhmt84teg99wxfa373j0xmwap7leafxznw3melsqwczp5y6z4cfwp7xc4tcsa54fe6pww7nwv9ahad7"
      "cw6ycgpg84cpc7jl2006f7qj5vj82uvzsz4qlqejqxwmc84dnk00dll35644l8kfs7k0nckjw3awyjkrzf2lahqq840a"
      "trqdew6quwj7ytcts9c9sxs9mz8hs");
  CHECK(
      row["viewing_key"] ==
      "zxviews1qqqqqqqqqqqqqq8kn4ee4npcnw0awxe6xhd367elewcvars73mh0yrgs2fca8y2f7s32x7kargqm8y30ulg"
      "tqt9z62w223x6seyz95xkfs8pc8nm6wkqjfq45kpvgkep30kdmcm7un9vw64pccgc7f9vyhjp3z8ln36n9j6uc7jl20"
      "06f7qj5vj82uvzsz4qlqejqxwmc84dnk00dll35644l8kfs7k0nckjw3awyjkrzf2lahqq840atrqdew6quwj7ytcts9"
      "c9sxs6ltcmt");
  int status = 0;
  r = t.rpc("get_private_keys", j(R"({"coins":["ARRR"],"mode":"hd"})"), &status);
  CHECK((status == 500 && r["error_type"] == "KeyDerivationFailed"));
  CHECK(r["error_data"]["ticker"] == "ARRR");
}

TEST_CASE("validateaddress for ZHTLC: Sapling payment addresses with KDF's reasons") {
  TestNode t(Json::object(), kdfCoins());
  auto check = [&](const char* coin, const std::string& address) {
    return t.rpc("validateaddress", Json{{"coin", coin}, {"address", address}})["result"];
  };
  const std::string valid =
      "zs1tc85uguljgmhrhreqnsphanu4xura9lcn6zmz7qr3unsq5yr34kvl6938rvz7d2uml5g53ae3ys";
  CHECK(check("ARRR", valid) == j(R"({"is_valid":true})"));
  CHECK(check("ZOMBIE", valid)["is_valid"] == true);
  // KDF's DEX fee address.
  CHECK(check("ARRR",
              "zs1rp6426e9r6jkq2nsanl66tkd34enewrmr0uvj0zelhkcwmsy0uvxz2fhm9eu9rl3ukxvgzy2v9f")
            ["is_valid"] == true);
  std::string bad_checksum = valid;
  bad_checksum.back() = 'q';
  const Json r = check("ARRR", bad_checksum);
  CHECK(r["is_valid"] == false);
  CHECK(r["reason"].get<std::string>().rfind("Error ", 0) == 0);
  CHECK(check("ARRR", "RXL3YXG2ceaB6C5hfJcN4fvmLH2C34knhA")["reason"].get<std::string>().find(
            "on decode_payment_address") != std::string::npos);
  // A valid Bech32 string with another HRP, and a Sapling payload whose pk_d is not a point.
  CHECK(check("ARRR", "cosmos1j398pch49fkgx986r4aqm57zp3phuzq4p30dhh")["reason"] ==
        "decode_payment_address returned None");
}

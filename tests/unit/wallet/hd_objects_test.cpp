// Spec §2.2 objects: parsing (wrong types, missing fields, out-of-range values refused; unknown
// fields ignored, as KDF's serde types ignore them) and the answer shapes.
#include <catch2/catch.hpp>

#include "core/rpc/rpc_error.h"
#include "core/wallet/hd/hd_objects.h"

using namespace walletd;

namespace {
Json j(const char* text) {
  return Json::parse(text);
}
template <typename T>
void refuses(const char* text) {
  CAPTURE(text);
  CHECK_THROWS_AS(T::fromJson(j(text), "params.x"), RpcError);
}
}  // namespace

TEST_CASE("AddressPath and WithdrawFromInfo parse as KDF's types") {
  const AddressPath p =
      AddressPath::fromJson(j(R"({"account_id":0,"chain":"External","address_id":3})"), "p");
  CHECK((p.account_id == 0 && *p.address_id == 3 && *p.chain == Bip44Chain::External));
  CHECK(*AddressPath::fromJson(j(R"({"account_id":1,"chain":1})"), "p").chain ==
        Bip44Chain::Internal);
  CHECK(AddressPath::fromJson(j(R"({"account_id":0,"derivation_path":"m/44'/60'/0'/0/1"})"), "p")
            .derivation_path->str() == "m/44'/60'/0'/0/1");
  for (const char* bad :
       {R"({})", R"({"account_id":"0"})", R"({"account_id":-1})", R"({"account_id":2147483648})",
        R"({"account_id":0,"chain":"Change"})", R"({"account_id":0,"chain":2})",
        R"({"account_id":0,"derivation_path":"44'/0"})", R"([])"}) {
    refuses<AddressPath>(bad);
  }
  const WithdrawFromInfo by_path =
      WithdrawFromInfo::fromJson(j(R"({"derivation_path":"m/44'/0'/0'/1/2"})"), "from");
  CHECK(by_path.derivation_path->str() == "m/44'/0'/0'/1/2");
  const WithdrawFromInfo by_ids = WithdrawFromInfo::fromJson(
      j(R"({"account_id":2,"chain":"Internal","address_id":5})"), "from");
  CHECK((by_ids.account_id == 2 && by_ids.chain == Bip44Chain::Internal && by_ids.address_id == 5 &&
         !by_ids.derivation_path));
  CHECK(AddressPath::fromJson(j(R"({"account_id":0,"extra":1})"), "p").account_id == 0);
  CHECK(WithdrawFromInfo::fromJson(j(R"({"account_id":0,"chain":"External","address_id":4,"x":0})"),
                                   "from")
            .address_id == 4);
  for (const char* bad :
       {R"({})", R"({"account_id":2,"chain":"Internal"})",
        R"({"derivation_path":"m/1","account_id":0})", R"({"derivation_path":7})", R"("m/1")"}) {
    refuses<WithdrawFromInfo>(bad);
  }
}

TEST_CASE("DerivationMethod and the HD answer objects have the spec's shapes") {
  CHECK(DerivationMethod{DerivationMethod::Type::HDWallet}.toJson() == j(R"({"type":"HDWallet"})"));
  CHECK(DerivationMethod::fromJson(j(R"({"type":"Iguana"})"), "m").type ==
        DerivationMethod::Type::Iguana);
  refuses<DerivationMethod>(R"({"type":"hd"})");
  const BalanceInfo one_and_a_half{*Decimal::fromText("1.5"), Decimal()};
  AccountAddressInfo address{"0xabc", one_and_a_half, Bip44Chain::External, "m/44'/60'/0'/0/0"};
  WalletAccountInfo account{0, {address}, "m/44'/60'/0'", one_and_a_half};
  CHECK(
      WalletBalanceInfo{{account}}.toJson() ==
      j(R"({"wallet_type":"HD","accounts":[{"account_index":0,"derivation_path":"m/44'/60'/0'","total_balance":{"spendable":"1.5","unspendable":"0"},
              "addresses":[{"address":"0xabc","derivation_path":"m/44'/60'/0'/0/0","chain":"External","balance":{"spendable":"1.5","unspendable":"0"}}]}]})"));
  // A platform with tokens answers one balance per ticker, in activation order (CoinBalanceMap).
  const CoinBalanceMap by_ticker{{"ETH", one_and_a_half}, {"USDT-ERC20", BalanceInfo{}}};
  CHECK(
      balanceObjectJson(by_ticker).dump() ==
      R"({"ETH":{"spendable":"1.5","unspendable":"0"},"USDT-ERC20":{"spendable":"0","unspendable":"0"}})");
  CHECK(ScanAddressesInfo{3, "m/44'/0'/3'", {}}.toJson() ==
        j(R"({"account_index":3,"derivation_path":"m/44'/0'/3'","new_addresses":[]})"));
}

// Parsing and serialisation of the spec §2.2 objects.
#include "core/wallet/hd/hd_objects.h"

#include "core/encoding/encoding_error.h"
#include "core/rpc/schema.h"

namespace walletd {
namespace {

DerivationPath pathFromJson(const Json& value, const std::string& path) {
  const std::string text = decodeString(value, path);
  try {
    return DerivationPath::parse(text);
  } catch (const EncodingError& e) {
    throwInvalidParams(path + ": " + e.what());
  }
}

}  // namespace

std::uint32_t decodeChildIndex(const Json& value, const std::string& path) {
  return static_cast<std::uint32_t>(decodeUnsigned(value, path, kHardened - 1));
}

Bip44Chain bip44ChainFromJson(const Json& value, const std::string& path) {
  if (value.is_string()) {
    if (value == "External") return Bip44Chain::External;
    if (value == "Internal") return Bip44Chain::Internal;
    throwInvalidParams(path + ": unknown variant `" + value.get<std::string>().substr(0, 100) +
                       "`, expected `External` or `Internal`");
  }
  if (value.is_number_unsigned() && value.get<std::uint64_t>() <= 1)
    return static_cast<Bip44Chain>(value.get<int>());
  throwInvalidParams(path + ": invalid value: " + value.dump().substr(0, 100) +
                     ", expected `External` or `Internal`");
}

std::string showDefault(Bip44Chain chain) {
  return Json(bip44ChainName(chain)).dump();
}

std::string bip44ChainName(Bip44Chain chain) {
  return chain == Bip44Chain::External ? "External" : "Internal";
}

Json DerivationMethod::toJson() const {
  return Json{{"type", type == Type::Iguana ? "Iguana" : "HDWallet"}};
}

DerivationMethod DerivationMethod::fromJson(const Json& value, const std::string& path) {
  ParamsReader r(value, path, false);
  const std::string type = r.required<std::string>("type");
  r.ignoreUnknown();
  if (type == "Iguana") return {Type::Iguana};
  if (type == "HDWallet") return {Type::HDWallet};
  throwInvalidParams(r.fieldPath("type") + ": unknown variant `" + type.substr(0, 100) +
                     "`, expected `Iguana` or `HDWallet`");
}

BalanceInfo spendableBalance(const UInt256& amount, unsigned decimals) {
  BalanceInfo out;
  out.spendable = *Decimal::fromText(amount.toDecimal(decimals));
  return out;
}

Json BalanceInfo::toJson() const {
  return Json{{"spendable", spendable.str()}, {"unspendable", unspendable.str()}};
}

Json balanceObjectJson(const BalanceObject& balance) {
  if (const auto* single = std::get_if<BalanceInfo>(&balance)) return single->toJson();
  Json out = Json::object();
  for (const auto& [ticker, info] : std::get<CoinBalanceMap>(balance)) out[ticker] = info.toJson();
  return out;
}

namespace {

struct DerivationPathField {
  static DerivationPath decode(const Json& v, const std::string& path) {
    return pathFromJson(v, path);
  }
  static std::string ts() { return "string"; }
};

// account_id always (KDF's HDPathAccountToAddressId); a derivation_path, when sent, must name
// the same account.
const ObjectSchema<AddressPath>& addressPathSchema() {
  using A = AddressPath;
  static const auto s = ObjectSchema<A>()
                            .required<ChildIndexField>("account_id", &A::account_id)
                            .optional<Bip44ChainField>("chain", &A::chain)
                            .optional<ChildIndexField>("address_id", &A::address_id, "default 0")
                            .optional<DerivationPathField>("derivation_path", &A::derivation_path,
                                                           "checked against the account's path");
  return s;
}

}  // namespace

AddressPath AddressPath::fromJson(const Json& value, const std::string& path) {
  return addressPathSchema().fromJson(value, path);
}

std::string AddressPath::declaredType() {
  return addressPathSchema().ts();
}

Json AccountAddressInfo::toJson() const {
  return Json{{"address", address},
              {"derivation_path", derivation_path},
              {"chain", bip44ChainName(chain)},
              {"balance", balanceObjectJson(balance)}};
}

Json WalletAccountInfo::toJson() const {
  Json list = Json::array();
  for (const auto& a : addresses) list.push_back(a.toJson());
  return Json{{"account_index", account_index},
              {"derivation_path", derivation_path},
              {"total_balance", balanceObjectJson(total_balance)},
              {"addresses", std::move(list)}};
}

Json WalletBalanceInfo::toJson() const {
  Json list = Json::array();
  for (const auto& a : accounts) list.push_back(a.toJson());
  return Json{{"wallet_type", "HD"}, {"accounts", std::move(list)}};
}

Json ScanAddressesInfo::toJson() const {
  Json list = Json::array();
  for (const auto& a : new_addresses) list.push_back(a.toJson());
  return Json{{"account_index", account_index},
              {"derivation_path", derivation_path},
              {"new_addresses", std::move(list)}};
}

// KDF's WithdrawFrom (serde untagged): {derivation_path} or {account_id, chain, address_id}.
const AlternativesSchema<WithdrawFromInfo>& WithdrawFromInfo::schema() {
  using W = WithdrawFromInfo;
  static const auto s =
      AlternativesSchema<W>()
          .keyed("derivation_path", ObjectSchema<W>().required<DerivationPathField>(
                                        "derivation_path", &W::derivation_path))
          .otherwise(ObjectSchema<W>()
                         .required<ChildIndexField>("account_id", &W::account_id)
                         .required<Bip44ChainField>("chain", &W::chain)
                         .required<ChildIndexField>("address_id", &W::address_id));
  return s;
}

WithdrawFromInfo WithdrawFromInfo::fromJson(const Json& value, const std::string& path) {
  return schema().fromJson(value, path);
}

}  // namespace walletd

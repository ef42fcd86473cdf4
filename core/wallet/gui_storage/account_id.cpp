// AccountId parsing, serialisation and storage keys.
#include "core/wallet/gui_storage/account_id.h"

#include <cctype>
#include <cstdio>

#include "core/rpc/schema.h"

namespace walletd {

namespace {
bool isHex(char c) {
  return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
}

std::string parsePubkey(const std::string& text, const std::string& path) {
  std::string hex = text;
  if (hex.rfind("0x", 0) == 0 || hex.rfind("0X", 0) == 0) hex = hex.substr(2);
  bool ok = hex.size() == 40;
  for (char c : hex) ok = ok && isHex(c);
  if (!ok) {
    throwInvalidParams(path + ": invalid value: \"" + text.substr(0, 100) +
                       "\", expected 20 bytes as 40 hex digits");
  }
  for (char& c : hex) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return hex;
}
}  // namespace

namespace {

// A hardware wallet's device pubkey: 20 bytes as 40 hex digits, stored lowercase.
struct PubkeyField {
  static std::string decode(const Json& v, const std::string& path) {
    return parsePubkey(decodeString(v, path), path);
  }
  static std::string ts() { return "string"; }
};

// The type tag as written; the id's fields per variant. `enabled` leaves out `hw`.
struct TaggedId {
  std::string type;
  AccountId id;
  static TaggedSchema<TaggedId> schema(bool enabled) {
    auto variants = TaggedSchema<TaggedId>("type", &TaggedId::type)
                        .variant("iguana", ObjectSchema<TaggedId>())
                        .variant("hd", ObjectSchema<AccountId>()
                                           .required("account_idx", &AccountId::account_idx)
                                           .as(&TaggedId::id));
    if (enabled) return variants;
    return std::move(variants).variant(
        "hw", ObjectSchema<AccountId>()
                  .required<PubkeyField>("device_pubkey", &AccountId::device_pubkey)
                  .as(&TaggedId::id));
  }
  AccountId accountId() const {
    AccountId out = id;
    out.type = type == "hd"   ? AccountType::HD
               : type == "hw" ? AccountType::HW
                              : AccountType::Iguana;
    return out;
  }
};

const TaggedSchema<TaggedId>& idSchema(bool enabled_only) {
  static const auto any = TaggedId::schema(false);
  static const auto enabled = TaggedId::schema(true);
  return enabled_only ? enabled : any;
}

}  // namespace

AccountId AccountId::fromJson(const Json& value, const std::string& path, bool enabled_only) {
  return idSchema(enabled_only).fromJson(value, path).accountId();
}

std::string AccountId::declaredType(bool enabled_only) {
  return idSchema(enabled_only).ts();
}

AccountId AccountId::fromStorageJson(const Json& value) {
  return fromJson(value, "stored account_id");
}

Json AccountId::toJson() const {
  Json out = Json::object();
  switch (type) {
    case AccountType::Iguana:
      out["type"] = "iguana";
      break;
    case AccountType::HD:
      out["type"] = "hd";
      out["account_idx"] = account_idx;
      break;
    case AccountType::HW:
      out["type"] = "hw";
      out["device_pubkey"] = device_pubkey;
      break;
  }
  return out;
}

std::string AccountId::storageKey() const {
  switch (type) {
    case AccountType::Iguana:
      return "account/0";
    case AccountType::HD: {
      char idx[16];
      std::snprintf(idx, sizeof idx, "%010u", account_idx);
      return std::string("account/1/") + idx;
    }
    case AccountType::HW:
      return "account/2/" + device_pubkey;
  }
  return "account/?";
}

}  // namespace walletd

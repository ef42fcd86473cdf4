// AccountId parsing, serialisation and storage keys.
#include "core/wallet/gui_storage/account_id.h"

#include <cctype>
#include <cstdio>

#include "core/rpc/params_reader.h"

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

AccountId AccountId::fromJson(const Json& value, const std::string& path, bool enabled_only) {
  ParamsReader r(value, path, false);
  const std::string type = r.required<std::string>("type");
  AccountId id;
  if (type == "iguana") {
    id.type = AccountType::Iguana;
  } else if (type == "hd") {
    id.type = AccountType::HD;
    id.account_idx = r.required<std::uint32_t>("account_idx");
  } else if (type == "hw" && !enabled_only) {
    id.type = AccountType::HW;
    id.device_pubkey =
        parsePubkey(r.required<std::string>("device_pubkey"), r.fieldPath("device_pubkey"));
  } else {
    throwInvalidParams(r.fieldPath("type") + ": unknown variant `" + type.substr(0, 100) +
                       (enabled_only ? "`, expected `iguana` or `hd`"
                                     : "`, expected one of `iguana`, `hd`, `hw`"));
  }
  r.ignoreUnknown();
  return id;
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

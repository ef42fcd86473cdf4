// GUI-storage account identifiers (spec §2.6): {"type":"iguana"}, {"type":"hd","account_idx":N},
// {"type":"hw","device_pubkey":"<40 hex>"}. EnabledAccountId is the iguana/hd subset.
#pragma once

#include <cstdint>
#include <string>

#include "core/rpc/json.h"

namespace walletd {

enum class AccountType { Iguana = 0, HD = 1, HW = 2 };

struct AccountId {
  AccountType type = AccountType::Iguana;
  std::uint32_t account_idx = 0;  // HD only
  std::string device_pubkey;      // HW only: 20 bytes as 40 lowercase hex digits

  // `enabled_only` restricts to iguana/hd (EnabledAccountId).
  static AccountId fromJson(const Json& value, const std::string& path, bool enabled_only = false);
  static AccountId fromStorageJson(const Json& value);
  static std::string tsType() { return "AccountId"; }
  // The definition of AccountId (or, `enabled_only`, EnabledAccountId), from its schema.
  static std::string declaredType(bool enabled_only);
  Json toJson() const;
  // A storage key whose byte order is KDF's AccountId order (iguana < hd by index < hw).
  std::string storageKey() const;
  bool operator==(const AccountId& other) const {
    return type == other.type && account_idx == other.account_idx &&
           device_pubkey == other.device_pubkey;
  }
};

// Parses as EnabledAccountId; used as a params field type.
struct EnabledAccountId {
  AccountId id;
  static EnabledAccountId fromJson(const Json& value, const std::string& path) {
    return EnabledAccountId{AccountId::fromJson(value, path, true)};
  }
  static std::string tsType() { return "EnabledAccountId"; }
};

}  // namespace walletd

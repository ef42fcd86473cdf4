// The shared wallet objects of spec §2.2, ready for the coin families: what a request may carry
// (AddressPath, WithdrawFromInfo; parsing with InvalidRequest naming the
// field) and what answers show (DerivationMethod, BalanceInfo, AccountAddressInfo,
// WalletAccountInfo, WalletBalanceInfo, NewAddressInfo, ScanAddressesInfo).
#pragma once

#include <optional>
#include <string>
#include <utility>
#include <variant>
#include <vector>

#include "core/encoding/decimal.h"
#include "core/encoding/uint256.h"
#include "core/rpc/json.h"
#include "core/wallet/keys/derivation_path.h"

namespace walletd {

template <typename T>
class AlternativesSchema;

// A non-hardened BIP32 index (account, address, range bound): an integer 0..2^31-1, else
// InvalidRequest naming `path`.
std::uint32_t decodeChildIndex(const Json& value, const std::string& path);

enum class Bip44Chain { External = 0, Internal = 1 };

// Accepts "External"/"Internal" or 0/1 (spec AddressPath writes the integer, examples the name).
Bip44Chain bip44ChainFromJson(const Json& value, const std::string& path);
std::string bip44ChainName(Bip44Chain chain);

// A schema's default, in the docs: the name quoted.
std::string showDefault(Bip44Chain chain);

// Field codecs (core/rpc/schema.h) for the HD fields params types declare.
struct ChildIndexField {
  static std::uint32_t decode(const Json& v, const std::string& p) {
    return decodeChildIndex(v, p);
  }
  static std::string ts() { return "number"; }
};
struct Bip44ChainField {
  static Bip44Chain decode(const Json& v, const std::string& p) { return bip44ChainFromJson(v, p); }
  static std::string ts() { return "\"External\" | \"Internal\""; }
};

struct DerivationMethod {
  enum class Type { Iguana, HDWallet } type = Type::Iguana;
  Json toJson() const;
  static DerivationMethod fromJson(const Json& value, const std::string& path);
};

struct BalanceInfo {
  Decimal spendable;
  Decimal unspendable;
  Json toJson() const;
};

// A smallest-unit amount (wei, sun, ...) with `decimals` as a BalanceInfo, nothing unspendable.
BalanceInfo spendableBalance(const UInt256& amount, unsigned decimals);

// KDF's balance object in HD answers: one BalanceInfo (a coin alone), or one per ticker in
// activation order (a platform with its tokens, KDF's CoinBalanceMap).
using CoinBalanceMap = std::vector<std::pair<std::string, BalanceInfo>>;
using BalanceObject = std::variant<BalanceInfo, CoinBalanceMap>;
Json balanceObjectJson(const BalanceObject& balance);

// m/purpose'/coin'/account'/chain/address: both indexes are non-hardened (< 2^31).
struct AddressPath {
  std::uint32_t account_id = 0;
  std::optional<std::uint32_t> address_id;
  std::optional<Bip44Chain> chain;
  std::optional<DerivationPath> derivation_path;
  static AddressPath fromJson(const Json& value, const std::string& path);
  static std::string tsType() { return "AddressPath"; }
  static std::string declaredType();  // AddressPath's definition, from its schema
};

struct AccountAddressInfo {
  std::string address;
  BalanceObject balance;
  Bip44Chain chain = Bip44Chain::External;
  std::string derivation_path;
  Json toJson() const;
};
using NewAddressInfo = AccountAddressInfo;  // the same four fields (spec §2.2)

struct WalletAccountInfo {
  std::uint32_t account_index = 0;
  std::vector<AccountAddressInfo> addresses;
  std::string derivation_path;
  BalanceObject total_balance;
  Json toJson() const;
};

struct WalletBalanceInfo {
  std::vector<WalletAccountInfo> accounts;
  Json toJson() const;  // {"wallet_type":"HD","accounts":[...]}
};

struct ScanAddressesInfo {
  std::uint32_t account_index = 0;
  std::string derivation_path;
  std::vector<NewAddressInfo> new_addresses;
  Json toJson() const;
};

// HD withdraw source: {"derivation_path"} alone, or {"account_id","chain","address_id"} together.
struct WithdrawFromInfo {
  std::optional<DerivationPath> derivation_path;
  std::uint32_t account_id = 0;
  Bip44Chain chain = Bip44Chain::External;
  std::uint32_t address_id = 0;
  static const AlternativesSchema<WithdrawFromInfo>& schema();
  static WithdrawFromInfo fromJson(const Json& value, const std::string& path);
  static std::string tsType() { return "WithdrawFromInfo"; }
};

}  // namespace walletd

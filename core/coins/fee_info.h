// FeeInfo (spec §2.3): the `fee` object of a withdraw request, one variant per fee type, with the
// fields each type requires. KDF's parse errors: an unknown `type`, a missing or mistyped field,
// or a string `gas_price` for CosmosGas answer InvalidRequest naming the field.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <variant>

#include "core/encoding/decimal.h"
#include "core/rpc/json.h"

namespace walletd {

struct UtxoFixedFee {
  Decimal amount;  // the whole fee, in coin units (an absolute fee, as the spec says)
};
struct UtxoPerKbyteFee {
  Decimal amount;  // per 1000 bytes
};
struct UtxoPriorityFee {
  std::string priority;  // Low | Normal | High
};
struct EthGasFee {
  Decimal gas_price;  // gwei
  std::uint64_t gas = 0;
};
struct EthGasEip1559Fee {
  Decimal max_fee_per_gas;           // gwei
  Decimal max_priority_fee_per_gas;  // gwei
  std::optional<std::uint64_t> gas;  // gas_option {type: Set, gas}; estimated when absent (Calc)
};
struct Qrc20GasFee {
  std::uint64_t gas_limit = 0;
  std::uint64_t gas_price = 0;  // satoshis per gas unit (KDF's u64; QTUM's minimum is 40)
};
struct CosmosGasFee {
  std::uint64_t gas_limit = 0;
  double gas_price = 0;  // a JSON number in KDF's API (a string is refused)
};

struct FeeInfo {
  std::variant<UtxoFixedFee, UtxoPerKbyteFee, UtxoPriorityFee, EthGasFee, EthGasEip1559Fee,
               Qrc20GasFee, CosmosGasFee>
      value;

  static FeeInfo fromJson(const Json& value, const std::string& path);
  static std::string tsType() { return "FeeInfo"; }
  static std::string declaredType();  // FeeInfo's definition, from its schema
  // The `type` tag as written on the wire ("EthGas", ...).
  std::string typeName() const;
  template <typename T>
  const T* as() const {
    return std::get_if<T>(&value);
  }
};

}  // namespace walletd

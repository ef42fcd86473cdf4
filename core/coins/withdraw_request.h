// WithdrawRequest (spec §4.1, notes/kdf-compat.md §7.2-7.4): strict parsing of withdraw params, the
// FeeInfo variants, and KDF's WithdrawError family.
#pragma once

#include <optional>
#include <string>

#include "core/encoding/decimal.h"
#include "core/rpc/json.h"
#include "core/rpc/rpc_error.h"
#include "core/wallet/hd/hd_objects.h"

namespace walletd {

enum class WithdrawError {
  NoSuchCoin,                // 404, {coin}
  NotSufficientBalance,      // 400, {coin, available, required}
  ZeroBalanceToWithdrawMax,  // 400
  AmountTooLow,              // 400, {amount, threshold}
  InvalidAddress,            // 400, message
  InvalidFeePolicy,          // 400, message
  InvalidFee,                // 400, {reason}
  UnexpectedFromAddress,     // 400, message
  UnknownAccount,            // 400, {account_id}
  UnsupportedError,          // 400, message
  Transport,                 // 502, message
  InternalError,             // 500, message
};

inline ErrorKindInfo describe(WithdrawError e) {
  switch (e) {
    case WithdrawError::NoSuchCoin:
      return {"NoSuchCoin", 404};
    case WithdrawError::NotSufficientBalance:
      return {"NotSufficientBalance", 400};
    case WithdrawError::ZeroBalanceToWithdrawMax:
      return {"ZeroBalanceToWithdrawMax", 400};
    case WithdrawError::AmountTooLow:
      return {"AmountTooLow", 400};
    case WithdrawError::InvalidAddress:
      return {"InvalidAddress", 400};
    case WithdrawError::InvalidFeePolicy:
      return {"InvalidFeePolicy", 400};
    case WithdrawError::InvalidFee:
      return {"InvalidFee", 400};
    case WithdrawError::UnexpectedFromAddress:
      return {"UnexpectedFromAddress", 400};
    case WithdrawError::UnknownAccount:
      return {"UnknownAccount", 400};
    case WithdrawError::UnsupportedError:
      return {"UnsupportedError", 400};
    case WithdrawError::Transport:
      return {"Transport", 502};
    case WithdrawError::InternalError:
      return {"InternalError", 500};
  }
  return {"InternalError", 500};
}

// The `fee` object: one of the spec's types (plus KDF's EthGasEip1559), fields checked per type.
struct FeeInfo {
  enum class Type {
    UtxoFixed,
    UtxoPerKbyte,
    UtxoPriority,
    EthGas,
    EthGasEip1559,
    Qrc20Gas,
    CosmosGas
  } type;
  std::optional<Decimal> amount;                    // UtxoFixed, UtxoPerKbyte
  std::optional<std::string> priority;              // UtxoPriority
  std::optional<Decimal> gas_price;                 // EthGas (gwei), Qrc20Gas
  std::optional<std::uint64_t> gas;                 // EthGas; EthGasEip1559 with gas_option Set
  std::optional<Decimal> max_fee_per_gas;           // EthGasEip1559 (gwei)
  std::optional<Decimal> max_priority_fee_per_gas;  // EthGasEip1559 (gwei)
  std::optional<std::uint64_t> gas_limit;           // Qrc20Gas, CosmosGas
  std::optional<double> cosmos_gas_price;           // CosmosGas
  static FeeInfo fromJson(const Json& value, const std::string& path);
  std::string typeName() const;
};

struct WithdrawRequest {
  std::string coin;
  std::string to;
  Decimal amount;
  bool max = false;
  std::optional<FeeInfo> fee;
  std::optional<std::string> memo;
  std::optional<WithdrawFromInfo> from;
  bool broadcast = false;
  static WithdrawRequest parse(class ParamsReader& r);
};

}  // namespace walletd

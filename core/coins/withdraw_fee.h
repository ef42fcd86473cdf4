// WithdrawFee (spec §2.3): the `fee_details` of a TransactionDetails, one variant per shape. Every
// shape carries `coin` (the coin that pays the fee); toJson writes the `type` tag. Optional
// fields are omitted when empty, except where KDF writes null (Eth's EIP-1559 caps).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <variant>

#include "core/rpc/json.h"

namespace walletd {

struct UtxoFeeDetails {
  std::string coin;
  std::string amount;
};
struct EthFeeDetails {
  std::string coin;
  std::uint64_t gas = 0;
  std::string gas_price;                                // per gas, in coin units
  std::string total_fee;                                // gas_price × gas
  std::optional<std::string> max_fee_per_gas;           // EIP-1559 only (null otherwise)
  std::optional<std::string> max_priority_fee_per_gas;  // EIP-1559 only (null otherwise)
};
struct Qrc20FeeDetails {
  std::string coin;
  std::string miner_fee;
  std::uint64_t gas_limit = 0;
  std::uint64_t gas_price = 0;
  std::string total_gas_fee;
};
struct TendermintFeeDetails {
  std::string coin;
  std::string amount;
  std::uint64_t gas_limit = 0;
};
struct TronFeeDetails {
  std::string coin;
  std::uint64_t bandwidth_used = 0;
  std::uint64_t energy_used = 0;
  std::string bandwidth_fee;
  std::string energy_fee;
  std::optional<std::string> account_creation_fee;  // native transfers to a new account only
  std::string total_fee;
};
struct TronGaslessFeeDetails {
  std::string coin;
  std::string provider_name;
  std::string relay_address;
  std::string transfer_fee;
  std::optional<std::string> activation_fee;
  std::string total_token_fee;
  std::optional<std::string> signed_max_fee;
  std::optional<std::string> trace_id;  // null in the withdraw answer
};

struct WithdrawFee {
  std::variant<UtxoFeeDetails, EthFeeDetails, Qrc20FeeDetails, TendermintFeeDetails, TronFeeDetails,
               TronGaslessFeeDetails>
      value;
  Json toJson() const;
};

}  // namespace walletd

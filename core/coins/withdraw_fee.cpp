// fee_details serialisation, one overload per shape.
#include "core/coins/withdraw_fee.h"

namespace walletd {
namespace {

void putIfSet(Json& out, const char* key, const std::optional<std::string>& value) {
  if (value) out[key] = *value;
}

Json shape(const UtxoFeeDetails& f) {
  return Json{{"type", "Utxo"}, {"coin", f.coin}, {"amount", f.amount}};
}

Json shape(const EthFeeDetails& f) {
  Json out{{"type", "Eth"},
           {"coin", f.coin},
           {"gas", f.gas},
           {"gas_price", f.gas_price},
           {"total_fee", f.total_fee}};
  out["max_fee_per_gas"] = f.max_fee_per_gas ? Json(*f.max_fee_per_gas) : Json();
  out["max_priority_fee_per_gas"] =
      f.max_priority_fee_per_gas ? Json(*f.max_priority_fee_per_gas) : Json();
  return out;
}

Json shape(const Qrc20FeeDetails& f) {
  return Json{{"type", "Qrc20"},          {"coin", f.coin},
              {"miner_fee", f.miner_fee}, {"gas_limit", f.gas_limit},
              {"gas_price", f.gas_price}, {"total_gas_fee", f.total_gas_fee}};
}

Json shape(const TendermintFeeDetails& f) {
  return Json{
      {"type", "Tendermint"}, {"coin", f.coin}, {"amount", f.amount}, {"gas_limit", f.gas_limit}};
}

Json shape(const TronFeeDetails& f) {
  Json out{{"type", "Tron"},
           {"coin", f.coin},
           {"bandwidth_used", f.bandwidth_used},
           {"energy_used", f.energy_used},
           {"bandwidth_fee", f.bandwidth_fee},
           {"energy_fee", f.energy_fee},
           {"total_fee", f.total_fee}};
  putIfSet(out, "account_creation_fee", f.account_creation_fee);
  return out;
}

Json shape(const TronGaslessFeeDetails& f) {
  Json out{{"type", "TronGasless"},
           {"coin", f.coin},
           {"fee_method", "gasless"},
           {"provider_name", f.provider_name},
           {"relay_address", f.relay_address},
           {"transfer_fee", f.transfer_fee},
           {"total_token_fee", f.total_token_fee}};
  putIfSet(out, "activation_fee", f.activation_fee);
  putIfSet(out, "signed_max_fee", f.signed_max_fee);
  out["trace_id"] = f.trace_id ? Json(*f.trace_id) : Json();
  return out;
}

}  // namespace

Json WithdrawFee::toJson() const {
  return std::visit([](const auto& details) { return shape(details); }, value);
}

}  // namespace walletd

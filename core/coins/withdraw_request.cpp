// WithdrawRequest parsing.
#include "core/coins/withdraw_request.h"

#include "core/rpc/params_reader.h"

namespace walletd {
namespace {

struct TypeName {
  const char* name;
  FeeInfo::Type type;
};
constexpr TypeName kFeeTypes[] = {
    {"UtxoFixed", FeeInfo::Type::UtxoFixed},         {"UtxoPerKbyte", FeeInfo::Type::UtxoPerKbyte},
    {"UtxoPriority", FeeInfo::Type::UtxoPriority},   {"EthGas", FeeInfo::Type::EthGas},
    {"EthGasEip1559", FeeInfo::Type::EthGasEip1559}, {"Qrc20Gas", FeeInfo::Type::Qrc20Gas},
    {"CosmosGas", FeeInfo::Type::CosmosGas}};

Decimal positiveDecimal(ParamsReader& r, const char* key) {
  const Decimal d = Decimal::fromJson(r.required<Json>(key), r.fieldPath(key));
  if (!d.str().empty() && d.str()[0] == '-')
    throwInvalidParams(r.fieldPath(key) + ": must not be negative");
  return d;
}

}  // namespace

std::string FeeInfo::typeName() const {
  for (const auto& t : kFeeTypes) {
    if (t.type == type) return t.name;
  }
  return "";
}

FeeInfo FeeInfo::fromJson(const Json& value, const std::string& path) {
  ParamsReader r(value, path, false);
  const std::string name = r.required<std::string>("type");
  FeeInfo fee{};
  bool known = false;
  for (const auto& t : kFeeTypes) {
    if (name == t.name) {
      fee.type = t.type;
      known = true;
    }
  }
  if (!known) {
    throwInvalidParams(r.fieldPath("type") + ": unknown variant `" + name.substr(0, 100) +
                       "`, expected one of `UtxoFixed`, `UtxoPerKbyte`, `UtxoPriority`, `EthGas`, "
                       "`EthGasEip1559`, "
                       "`Qrc20Gas`, `CosmosGas`");
  }
  switch (fee.type) {
    case Type::UtxoFixed:
    case Type::UtxoPerKbyte:
      fee.amount = positiveDecimal(r, "amount");
      break;
    case Type::UtxoPriority:
      fee.priority = r.required<std::string>("priority");
      if (*fee.priority != "Low" && *fee.priority != "Normal" && *fee.priority != "High") {
        throwInvalidParams(r.fieldPath("priority") + ": expected `Low`, `Normal` or `High`");
      }
      break;
    case Type::EthGas:
      fee.gas_price = positiveDecimal(r, "gas_price");
      fee.gas = r.required<std::uint64_t>("gas");
      break;
    case Type::EthGasEip1559: {
      fee.max_fee_per_gas = positiveDecimal(r, "max_fee_per_gas");
      fee.max_priority_fee_per_gas = positiveDecimal(r, "max_priority_fee_per_gas");
      if (auto option = r.optional<Json>("gas_option")) {
        ParamsReader o(*option, r.fieldPath("gas_option"), false);
        const std::string kind = o.required<std::string>("type");
        if (kind == "Set") {
          fee.gas = o.required<std::uint64_t>("gas");
        } else if (kind != "Calc") {
          throwInvalidParams(o.fieldPath("type") + ": expected `Calc` or `Set`");
        }
        o.rejectUnknown();
      }
      break;
    }
    case Type::Qrc20Gas:
      fee.gas_limit = r.required<std::uint64_t>("gas_limit");
      fee.gas_price = positiveDecimal(r, "gas_price");
      break;
    case Type::CosmosGas: {
      fee.gas_limit = r.required<std::uint64_t>("gas_limit");
      const Json price = r.required<Json>("gas_price");
      if (!price.is_number())
        throwInvalidParams(r.fieldPath("gas_price") + ": invalid type: expected a number");
      fee.cosmos_gas_price = price.get<double>();
      break;
    }
  }
  r.rejectUnknown();
  return fee;
}

WithdrawRequest WithdrawRequest::parse(ParamsReader& r) {
  WithdrawRequest w;
  w.coin = r.required<std::string>("coin");
  w.to = r.required<std::string>("to");
  w.max = r.optionalOr<bool>("max", false);
  if (auto amount = r.optional<Json>("amount")) {
    w.amount = Decimal::fromJson(*amount, r.fieldPath("amount"));
    if (!w.max && !w.amount.str().empty() && w.amount.str()[0] == '-') {
      throwInvalidParams(r.fieldPath("amount") + ": must not be negative");
    }
  } else if (!w.max) {
    throwInvalidParams(r.path() + ": missing field `amount` (or set `max`)");
  }
  w.fee = r.optional<FeeInfo>("fee");
  w.memo = r.optional<std::string>("memo");
  w.from = r.optional<WithdrawFromInfo>("from");
  w.broadcast = r.optionalOr<bool>("broadcast", false);
  r.optional<std::uint64_t>("ibc_source_channel");
  r.optional<std::uint64_t>("expiration_seconds");
  if (auto method = r.optional<std::string>("fee_method");
      method && *method != "native" && *method != "gasless" && *method != "auto") {
    throwInvalidParams(r.fieldPath("fee_method") + ": expected `native`, `gasless` or `auto`");
  }
  r.optional<Json>("gasless");
  return w;
}

}  // namespace walletd

// FeeInfo parsing: the tag picks the variant, each variant reads its own fields; unknown keys
// (the `coin` the SDK and GUI add) are ignored, as KDF's internally tagged WithdrawFee does.
#include "core/coins/fee_info.h"

#include <array>

#include "core/rpc/params_reader.h"

namespace walletd {
namespace {

constexpr std::array<const char*, 7> kTypeNames = {"UtxoFixed", "UtxoPerKbyte",  "UtxoPriority",
                                                   "EthGas",    "EthGasEip1559", "Qrc20Gas",
                                                   "CosmosGas"};  // in the variant's order

Decimal nonNegative(ParamsReader& r, const char* key) {
  Decimal d = r.required<Decimal>(key);
  if (d.negative()) throwInvalidParams(r.fieldPath(key) + ": must not be negative");
  return d;
}

std::optional<std::uint64_t> gasOption(ParamsReader& r) {
  auto option = r.optional<Json>("gas_option");
  if (!option) return std::nullopt;
  ParamsReader o(*option, r.fieldPath("gas_option"), false);
  const std::string kind = o.required<std::string>("type");
  std::optional<std::uint64_t> gas;
  if (kind == "Set") {
    gas = o.required<std::uint64_t>("gas");
  } else if (kind != "Calc") {
    throwInvalidParams(o.fieldPath("type") + ": expected `Calc` or `Set`");
  }
  o.ignoreUnknown();
  return gas;
}

double cosmosGasPrice(ParamsReader& r) {
  const Json price = r.required<Json>("gas_price");
  if (!price.is_number())
    throwInvalidParams(r.fieldPath("gas_price") + ": invalid type: " + describeJsonType(price) +
                       ", expected a number");
  return price.get<double>();
}

}  // namespace

std::string FeeInfo::typeName() const {
  return kTypeNames[value.index()];
}

FeeInfo FeeInfo::fromJson(const Json& json, const std::string& path) {
  ParamsReader r(json, path, false);
  const std::string name = r.required<std::string>("type");
  FeeInfo fee;
  if (name == "UtxoFixed") {
    fee.value = UtxoFixedFee{nonNegative(r, "amount")};
  } else if (name == "UtxoPerKbyte") {
    fee.value = UtxoPerKbyteFee{nonNegative(r, "amount")};
  } else if (name == "UtxoPriority") {
    const std::string priority = r.required<std::string>("priority");
    if (priority != "Low" && priority != "Normal" && priority != "High")
      throwInvalidParams(r.fieldPath("priority") + ": expected `Low`, `Normal` or `High`");
    fee.value = UtxoPriorityFee{priority};
  } else if (name == "EthGas") {
    EthGasFee gas{nonNegative(r, "gas_price")};
    gas.gas = r.required<std::uint64_t>("gas");
    fee.value = gas;
  } else if (name == "EthGasEip1559") {
    EthGasEip1559Fee caps{nonNegative(r, "max_fee_per_gas"),
                          nonNegative(r, "max_priority_fee_per_gas"), gasOption(r)};
    fee.value = caps;
  } else if (name == "Qrc20Gas") {
    Qrc20GasFee gas;
    gas.gas_limit = r.required<std::uint64_t>("gas_limit");
    gas.gas_price = nonNegative(r, "gas_price");
    fee.value = gas;
  } else if (name == "CosmosGas") {
    CosmosGasFee gas;
    gas.gas_limit = r.required<std::uint64_t>("gas_limit");
    gas.gas_price = cosmosGasPrice(r);
    fee.value = gas;
  } else {
    std::string expected;
    for (const char* n : kTypeNames)
      expected += std::string(expected.empty() ? "`" : ", `") + n + "`";
    throwInvalidParams(r.fieldPath("type") + ": unknown variant `" + name.substr(0, 100) +
                       "`, expected one of " + expected);
  }
  r.ignoreUnknown();
  return fee;
}

}  // namespace walletd

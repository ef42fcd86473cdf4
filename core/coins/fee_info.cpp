// FeeInfo parsing, from one tagged schema that also writes the declared FeeInfo type: the tag
// picks the variant, each variant reads its own fields; unknown keys (the `coin` the SDK and GUI
// add) are ignored, as KDF's internally tagged WithdrawFee does.
#include "core/coins/fee_info.h"

#include <array>

#include "core/rpc/schema.h"

namespace walletd {
namespace {

constexpr std::array<const char*, 7> kTypeNames = {"UtxoFixed", "UtxoPerKbyte",  "UtxoPriority",
                                                   "EthGas",    "EthGasEip1559", "Qrc20Gas",
                                                   "CosmosGas"};  // in the variant's order
constexpr const char* kPriorities[] = {"Low", "Normal", "High"};

void nonNegative(const Decimal& d, const std::string& path) {
  if (d.negative()) throwInvalidParams(path + ": must not be negative");
}

// KDF's EthGasLimitOption, tagged by `type`: Calc (estimate) or Set {gas}.
struct GasOption {
  std::string type;
  std::uint64_t gas = 0;
  std::optional<std::uint64_t> set() const {
    return type == "Set" ? std::optional<std::uint64_t>(gas) : std::nullopt;
  }
  static const TaggedSchema<GasOption>& schema() {
    static const auto s =
        TaggedSchema<GasOption>("type", &GasOption::type)
            .variant("Calc", ObjectSchema<GasOption>())
            .variant("Set", ObjectSchema<GasOption>().required("gas", &GasOption::gas));
    return s;
  }
};

// Cosmos' gas price: a JSON number (a string is refused, as KDF's f64).
struct NumberField {
  static double decode(const Json& v, const std::string& path) {
    if (!v.is_number())
      throwInvalidParams(path + ": invalid type: " + describeJsonType(v) + ", expected a number");
    return v.get<double>();
  }
  static std::string ts() { return "number"; }
};

// QRC20's gas numbers (u64 in KDF, satoshis per gas for the price): a JSON integer, or as the
// SDK's versions send them, a string of digits or a whole float (40.0).
struct GasNumberField {
  static std::uint64_t decode(const Json& v, const std::string& path) {
    if (v.is_number_unsigned()) return v.get<std::uint64_t>();
    if (v.is_number_float()) {
      const double d = v.get<double>();
      if (d >= 0 && d < 1.8e19 && d == static_cast<double>(static_cast<std::uint64_t>(d)))
        return static_cast<std::uint64_t>(d);
    }
    if (v.is_string()) {
      const std::string& text = v.get_ref<const std::string&>();
      if (!text.empty() && text.size() <= 19 &&
          text.find_first_not_of("0123456789") == std::string::npos)
        return std::stoull(text);
    }
    throwInvalidParams(path + ": invalid value: " + describeJsonType(v) +
                       ", expected a whole number of satoshis (u64)");
  }
  static std::string ts() { return "number | string"; }
};

// Every variant's fields in one place; the tag says which are set.
struct FeeFields {
  std::string type;
  Decimal amount, gas_price, max_fee_per_gas, max_priority_fee_per_gas;
  std::string priority;
  std::uint64_t gas = 0, gas_limit = 0, qrc20_gas_price = 0;
  std::optional<GasOption> gas_option;
  double cosmos_gas_price = 0;

  static const TaggedSchema<FeeFields>& schema() {
    using F = FeeFields;
    auto amount = [] {
      return ObjectSchema<F>().required("amount", &F::amount, nullptr, &nonNegative);
    };
    static const auto s =
        TaggedSchema<F>("type", &F::type)
            .variant("UtxoFixed", amount())
            .variant("UtxoPerKbyte", amount())
            .variant("UtxoPriority",
                     ObjectSchema<F>().required<Literals<kPriorities>>("priority", &F::priority))
            .variant("EthGas", ObjectSchema<F>()
                                   .required("gas_price", &F::gas_price, nullptr, &nonNegative)
                                   .required("gas", &F::gas))
            .variant("EthGasEip1559",
                     ObjectSchema<F>()
                         .required("max_fee_per_gas", &F::max_fee_per_gas, nullptr, &nonNegative)
                         .required("max_priority_fee_per_gas", &F::max_priority_fee_per_gas,
                                   nullptr, &nonNegative)
                         .optional("gas_option", &F::gas_option))
            .variant("Qrc20Gas", ObjectSchema<F>()
                                     .required<GasNumberField>("gas_limit", &F::gas_limit)
                                     .required<GasNumberField>("gas_price", &F::qrc20_gas_price))
            .variant("CosmosGas", ObjectSchema<F>()
                                      .required("gas_limit", &F::gas_limit)
                                      .required<NumberField>("gas_price", &F::cosmos_gas_price));
    return s;
  }

  FeeInfo fee() const {
    FeeInfo out;
    if (type == "UtxoFixed") out.value = UtxoFixedFee{amount};
    if (type == "UtxoPerKbyte") out.value = UtxoPerKbyteFee{amount};
    if (type == "UtxoPriority") out.value = UtxoPriorityFee{priority};
    if (type == "EthGas") out.value = EthGasFee{gas_price, gas};
    if (type == "EthGasEip1559")
      out.value = EthGasEip1559Fee{max_fee_per_gas, max_priority_fee_per_gas,
                                   gas_option ? gas_option->set() : std::nullopt};
    if (type == "Qrc20Gas") out.value = Qrc20GasFee{gas_limit, qrc20_gas_price};
    if (type == "CosmosGas") out.value = CosmosGasFee{gas_limit, cosmos_gas_price};
    return out;
  }
};

}  // namespace

std::string FeeInfo::typeName() const {
  return kTypeNames[value.index()];
}

FeeInfo FeeInfo::fromJson(const Json& json, const std::string& path) {
  return FeeFields::schema().fromJson(json, path).fee();
}

std::string FeeInfo::declaredType() {
  return FeeFields::schema().ts();
}

}  // namespace walletd

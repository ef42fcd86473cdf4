// Reading TRON's withdraw options, from one schema that also declares them.
#include "core/coins/tron/tron_withdraw_options.h"

#include "core/rpc/schema.h"

namespace walletd {
namespace {

constexpr const char* kFeeMethods[] = {"native", "gasless", "auto"};

const ObjectSchema<TronWithdrawOptions>& optionsSchema() {
  using O = TronWithdrawOptions;
  static const auto s =
      ObjectSchema<O>()
          .optional("expiration_seconds", &O::expiration_seconds, "TRON, default 60")
          .optional<Literals<kFeeMethods>>("fee_method", &O::fee_method, "TRON")
          .optionalKeep<JsonObject>("gasless", &O::gasless, "TRON: GaslessWithdrawOptions");
  return s;
}

}  // namespace

TronWithdrawOptions TronWithdrawOptions::parse(const Json& params) {
  ParamsReader r(params, "params");
  TronWithdrawOptions o;
  optionsSchema().readFields(o, r);
  return o;
}

std::vector<WithdrawOption> TronWithdrawOptions::declared() {
  return withdrawOptionsOf(optionsSchema());
}

}  // namespace walletd

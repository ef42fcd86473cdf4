// Reading TRON's withdraw options.
#include "core/coins/tron/tron_withdraw_options.h"

#include "core/rpc/params_reader.h"

namespace walletd {

TronWithdrawOptions TronWithdrawOptions::parse(const Json& params) {
  ParamsReader r(params, "params");
  TronWithdrawOptions o;
  o.expiration_seconds = r.optional<std::uint64_t>("expiration_seconds");
  o.fee_method = r.optional<std::string>("fee_method");
  if (o.fee_method && *o.fee_method != "native" && *o.fee_method != "gasless" &&
      *o.fee_method != "auto") {
    throwInvalidParams(r.fieldPath("fee_method") + ": expected `native`, `gasless` or `auto`");
  }
  if (auto gasless = r.optional<Json>("gasless")) {
    if (!gasless->is_object()) throwInvalidParams(r.fieldPath("gasless") + ": expected an object");
    o.gasless = std::move(*gasless);
  }
  return o;
}

std::vector<WithdrawOption> TronWithdrawOptions::declared() {
  return {{"expiration_seconds", "number /* TRON, default 60 */"},
          {"fee_method", "\"native\" | \"gasless\" | \"auto\" /* TRON */"},
          {"gasless", "object /* TRON: GaslessWithdrawOptions */"}};
}

}  // namespace walletd

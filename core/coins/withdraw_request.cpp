// WithdrawRequest parsing: each field's type and range checked, naming the field.
#include "core/coins/withdraw_request.h"

#include "core/rpc/params_reader.h"

namespace walletd {

WithdrawRequest WithdrawRequest::parse(ParamsReader& r) {
  WithdrawRequest w;
  w.coin = r.required<std::string>("coin");
  w.to = r.required<std::string>("to");
  w.max = r.optionalOr<bool>("max", false);
  if (auto amount = r.optional<Json>("amount")) {
    w.amount = decodeDecimal(*amount, r.fieldPath("amount"));
    if (!w.max && w.amount.negative()) {
      throwInvalidParams(r.fieldPath("amount") + ": must not be negative");
    }
  } else if (!w.max) {
    throwInvalidParams(r.path() + ": missing field `amount` (or set `max`)");
  }
  w.fee = r.optional<FeeInfo>("fee");
  w.memo = r.optional<std::string>("memo");
  w.from = r.optional<WithdrawFromInfo>("from");
  w.broadcast = r.optionalOr<bool>("broadcast", false);
  w.params = r.source();
  return w;
}

}  // namespace walletd

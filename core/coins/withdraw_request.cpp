// WithdrawRequest parsing: each field's type and range checked, naming the field.
#include "core/coins/withdraw_request.h"

#include "core/rpc/schema.h"

namespace walletd {

namespace {

void checkAmountPresent(WithdrawRequest& w, const ParamsReader& r) {
  if (w.amount_sent) {
    w.amount = *w.amount_sent;
    if (!w.max && w.amount.negative())
      throwInvalidParams(r.fieldPath("amount") + ": must not be negative");
  } else if (!w.max) {
    throwInvalidParams(r.path() + ": missing field `amount` (or set `max`)");
  }
  w.params = r.source();
}

}  // namespace

const ObjectSchema<WithdrawRequest>& WithdrawRequest::schema() {
  using W = WithdrawRequest;
  static const auto s = ObjectSchema<W>()
                            .required("coin", &W::coin)
                            .required("to", &W::to)
                            .optional("amount", &W::amount_sent, "required unless max")
                            .fallback("max", &W::max, false)
                            .optional("fee", &W::fee)
                            .optional("from", &W::from)
                            .optional("memo", &W::memo)
                            .fallback("broadcast", &W::broadcast, false)
                            .then(&checkAmountPresent);
  return s;
}

}  // namespace walletd

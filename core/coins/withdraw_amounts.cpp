// Shared withdraw amount rules.
#include "core/coins/withdraw_amounts.h"

#include "core/rpc/params_reader.h"

namespace walletd {

UInt256 requestedUnits(const WithdrawRequest& request, unsigned decimals) {
  auto parsed = UInt256::fromDecimal(request.amount.str(), decimals);
  if (!parsed) throwInvalidParams("params.amount: out of range");
  if (parsed->isZero()) {
    throwAmountTooLow(request.amount.str(), UInt256(1).toDecimal(decimals));
  }
  return *parsed;
}

void throwAmountTooLow(const std::string& amount, const std::string& threshold) {
  throw rpcError(WithdrawError::AmountTooLow,
                 "The amount " + amount + " is too small, required at least " + threshold,
                 Json{{"amount", amount}, {"threshold", threshold}});
}

void throwNotSufficientBalance(const std::string& coin, const UInt256& available,
                               const UInt256& required, unsigned decimals) {
  const std::string a = available.toDecimal(decimals);
  const std::string r = required.toDecimal(decimals);
  throw rpcError(WithdrawError::NotSufficientBalance,
                 "Not enough " + coin + " to withdraw: available " + a + ", required at least " + r,
                 Json{{"coin", coin}, {"available", a}, {"required", r}});
}

}  // namespace walletd

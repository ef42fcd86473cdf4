// WithdrawRequest (spec §4.1): the withdraw params every family
// receives, parsed by the shared method (unknown fields ignored, as KDF's WithdrawRequest), and
// KDF's WithdrawError family. A family's own fields (CoinFamily::withdrawOptions) are not
// here: the family reads them from `params`.
#pragma once

#include <optional>
#include <string>

#include "core/coins/fee_info.h"
#include "core/coins/withdraw_progress.h"
#include "core/encoding/decimal.h"
#include "core/rpc/json.h"
#include "core/rpc/rpc_error.h"
#include "core/wallet/hd/hd_objects.h"

namespace walletd {

template <typename T>
class ObjectSchema;

// error_data per variant: NoSuchCoin {coin}; NotSufficientBalance {coin, available, required};
// AmountTooLow {amount, threshold}; InvalidFee {reason}; UnknownAccount {account_id};
// NotSufficientPlatformBalanceForFee {coin, available, required} (a token whose platform coin
// pays the fee); IBCError: KDF's inner IBC error, externally tagged
// ({"IBCChannelCouldNotBeFound": {"address_prefix": "osmo"}}); the others carry the message;
// InvalidMemo the message; ZeroBalanceToWithdrawMax none.
// clang-format off
#define WALLETD_WITHDRAW_ERRORS(X)           \
  X(NoSuchCoin, 404)                         \
  X(NotSufficientBalance, 400)               \
  X(NotSufficientPlatformBalanceForFee, 400) \
  X(ZeroBalanceToWithdrawMax, 400)           \
  X(AmountTooLow, 400)                       \
  X(InvalidAddress, 400)                     \
  X(InvalidFeePolicy, 400)                   \
  X(InvalidFee, 400)                         \
  X(InvalidMemo, 400)                        \
  X(UnexpectedFromAddress, 400)              \
  X(UnknownAccount, 400)                     \
  X(UnsupportedError, 400)                   \
  X(IBCError, 400)                           \
  X(BroadcastExpected, 400) X(SigningError, 400) X(Transport, 502) X(InternalError, 500)
// clang-format on
WALLETD_ERROR_FAMILY(WithdrawError, WALLETD_WITHDRAW_ERRORS)

struct WithdrawRequest {
  std::string coin;
  std::string to;
  Decimal amount;                      // what is sent, or (max) computed by the family
  std::optional<Decimal> amount_sent;  // as sent
  bool max = false;
  std::optional<FeeInfo> fee;
  std::optional<std::string> memo;
  std::optional<WithdrawFromInfo> from;
  bool broadcast = false;
  // The params object as sent, where a family reads its own withdraw options.
  Json params;
  // Not on the wire: where the family reports its steps (task::withdraw), or nowhere.
  WithdrawProgress progress;
  static const ObjectSchema<WithdrawRequest>& schema();
};

}  // namespace walletd

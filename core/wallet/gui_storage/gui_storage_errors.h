// KDF's AccountRpcError family for gui_storage::* methods.
#pragma once

#include "core/rpc/rpc_error.h"

namespace walletd {

// NameTooLong: error_data {"max_len":255}
// DescriptionTooLong: error_data {"max_len":600}
// TickerTooLong: error_data {"max_len":255}
// NoSuchAccount: error_data = AccountId
// AccountExistsAlready: error_data = AccountId
// clang-format off
#define WALLETD_ACCOUNT_RPC_ERRORS(X)                                                             \
  X(NameTooLong, 400)                                                                             \
  X(DescriptionTooLong, 400) X(TickerTooLong, 400) X(NoSuchAccount, 400) X(NoEnabledAccount, 400) \
      X(AccountExistsAlready, 400) X(ErrorLoadingAccount, 500) X(ErrorSavingAccount, 500)         \
          X(Internal, 500)
// clang-format on
WALLETD_ERROR_FAMILY(AccountRpcError, WALLETD_ACCOUNT_RPC_ERRORS)

}  // namespace walletd

// KDF's AccountRpcError family for gui_storage::* methods.
#pragma once

#include "core/rpc/rpc_error.h"

namespace walletd {

enum class AccountRpcError {
  NameTooLong,           // 400, error_data {"max_len":255}
  DescriptionTooLong,    // 400, error_data {"max_len":600}
  TickerTooLong,         // 400, error_data {"max_len":255}
  NoSuchAccount,         // 400, error_data = AccountId
  NoEnabledAccount,      // 400
  AccountExistsAlready,  // 400, error_data = AccountId
  ErrorLoadingAccount,   // 500
  ErrorSavingAccount,    // 500
  Internal,              // 500
};

inline ErrorKindInfo describe(AccountRpcError e) {
  switch (e) {
    case AccountRpcError::NameTooLong:
      return {"NameTooLong", 400};
    case AccountRpcError::DescriptionTooLong:
      return {"DescriptionTooLong", 400};
    case AccountRpcError::TickerTooLong:
      return {"TickerTooLong", 400};
    case AccountRpcError::NoSuchAccount:
      return {"NoSuchAccount", 400};
    case AccountRpcError::NoEnabledAccount:
      return {"NoEnabledAccount", 400};
    case AccountRpcError::AccountExistsAlready:
      return {"AccountExistsAlready", 400};
    case AccountRpcError::ErrorLoadingAccount:
      return {"ErrorLoadingAccount", 500};
    case AccountRpcError::ErrorSavingAccount:
      return {"ErrorSavingAccount", 500};
    case AccountRpcError::Internal:
      return {"Internal", 500};
  }
  return {"Internal", 500};
}

}  // namespace walletd

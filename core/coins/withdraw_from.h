// A withdraw's `from` (WithdrawFromInfo) resolved in the coin's HD wallet, with the wallet's
// refusals answered as KDF answers them: UnexpectedFromAddress (not an address path of the coin,
// or a chain it does not use) and UnknownAccount {account_id}.
#pragma once

#include "core/coins/withdraw_request.h"
#include "core/wallet/hd/hd_wallet.h"

namespace walletd {

// `any_account`: the family derives a `from` key in any account (HdWallet::addressOf).
inline HdAddressRef resolveWithdrawFrom(const HdWallet& hd, const WithdrawFromInfo& from,
                                        bool any_account = false) {
  try {
    return any_account ? hd.addressOf(from) : hd.resolve(from);
  } catch (const HdFromError& e) {
    if (e.kind == HdFromError::Kind::UnknownAccount)
      throw rpcError(WithdrawError::UnknownAccount, e.what(), Json{{"account_id", e.account_id}});
    throw rpcError(WithdrawError::UnexpectedFromAddress, e.what(), Json(e.what()));
  }
}

}  // namespace walletd

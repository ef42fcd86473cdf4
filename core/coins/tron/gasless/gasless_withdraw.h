// withdraw with fee_method "gasless" (spec §4.1 rules 7-8): a TRC20 transfer out of the sender's
// relay address that the relay provider carries out, paid in the token. Preflight against the
// provider (the relay address it computed, the token offered, allowSubmit, nonce, fees, deadline
// bounds) and the chain (the relay address's token balance), then a signed TIP-712 permit. The
// answer is the signed authorization with the standard fields (no tx_hex); submit it with
// send_raw_transaction's tx_json.
#pragma once

#include <optional>

#include "core/coins/tron/tron_coins.h"

namespace walletd {

// GaslessWithdrawOptions (spec §2.3), read strictly from the request's `gasless`.
struct GaslessOptions {
  std::optional<std::uint64_t> deadline_seconds;
  bool fallback_to_native = false;
  std::optional<Decimal> max_fee;
  static GaslessOptions parse(const Json& value);
};

// Nullopt when gasless is unavailable (no provider, TRX itself, a token the provider does not
// offer) and the request asked to fall back to a native transfer; without fallback that is
// Gasless/Unavailable. `token` is null for TRX; `gasless_options` is the request's `gasless`
// (null when absent).
Task<std::optional<TransactionDetails>> gaslessWithdraw(TronPlatform& platform,
                                                        const Trc20Token* token,
                                                        KeccakAccountKey sender,
                                                        EthAddress receiver, WithdrawRequest req,
                                                        Json gasless_options);

}  // namespace walletd

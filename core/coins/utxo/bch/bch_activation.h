// KDF's Bitcoin Cash entry points for coins-file entries of protocol BCH: enable_bch_with_tokens
// (a platform with SLP token requests; KDF's EnablePlatformCoinWithTokensError) and
// task::enable_bch::* (InitStandaloneCoinError; the same answer as task::enable_utxo). Both are
// declarations over the activation route with the UTXO activation underneath; they add KDF's BCH
// fields: `bchd_urls` (required; empty only with `allow_slp_unsafe_conf`) and, for the platform
// form, `slp_tokens_requests`, which must be empty — KDF's coins dropped SLP in 2025 and walletd
// activates no SLP token (its withdraws never spend token outputs: bch_token_outputs.h).
#pragma once

#include "core/rpc/method_table.h"

namespace walletd {

void registerBchActivation(MethodTable& table);

}  // namespace walletd

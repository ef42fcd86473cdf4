// KDF's Tendermint entry points: enable_tendermint_with_assets and task::enable_tendermint::*
// (a platform with its tokens_params; EnablePlatformCoinWithTokensError) and
// enable_tendermint_token (EnableTokenError), declared over the shared activation route.
#pragma once

#include "core/rpc/method_table.h"

namespace walletd {

void registerTendermintActivation(MethodTable& table);

}  // namespace walletd

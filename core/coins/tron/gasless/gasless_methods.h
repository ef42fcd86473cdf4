// The gasless methods a TRON relay token answers: gasless::trace_status {coin, trace_id} (spec
// §4.4: the §6.2 status, asked of the provider now) and stream::gasless_trace::enable {coin,
// client_id = 0} (spec §4.3: the GASLESS_TRACE:<COIN> stream). Errors (spec §7.2): CoinNotFound,
// CoinNotSupported, GaslessNotConfigured, InvalidTraceId, TraceNotFound, ProviderError,
// EnableError, Internal.
#pragma once

#include "core/rpc/method_table.h"

namespace walletd {

void registerGaslessMethods(MethodTable& table);

}  // namespace walletd

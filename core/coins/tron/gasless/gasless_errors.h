// Why a gasless transfer cannot go ahead. On the wire, as KDF's WithdrawError::Gasless nests
// them: error_type "Gasless", error_data {error_type: <kind>, error_data: <detail>}, with the
// kind's HTTP status. Provider answers map as KDF's client maps them (401, 403, 429, other 4xx
// ProviderBadRequest, 5xx Upstream, no answer in time ProviderUnreachable); provider text is
// collapsed and cut to 256 characters.
#pragma once

#include <string>

#include "core/rpc/rpc_error.h"

namespace walletd {

// clang-format off
#define WALLETD_GASLESS_ERRORS(X)               \
  X(Unavailable, 503)                           \
  X(PendingTransfer, 409)                       \
  X(MaxFeeExceeded, 400)                        \
  X(InsufficientRelayBalance, 400)              \
  X(InsufficientRelayBalanceForActivation, 400) \
  X(InvalidDeadline, 400)                       \
  X(AuthorizationExpired, 400)                  \
  X(InvalidAuthorization, 400)                  \
  X(ProviderBadRequest, 400)                    \
  X(Unauthorized, 401)                          \
  X(Forbidden, 403)                             \
  X(RateLimited, 429)                           \
  X(ProviderUnreachable, 504) X(Upstream, 502) X(InvalidProviderResponse, 502) X(TraceNotFound, 404)
// clang-format on
WALLETD_ERROR_FAMILY(GaslessError, WALLETD_GASLESS_ERRORS)

// The nested error; `data` defaults to the message.
RpcError gaslessError(GaslessError kind, std::string message,
                      std::optional<Json> data = std::nullopt,
                      SourceLocation where = SourceLocation::current());

// Provider text made safe to show: whitespace collapsed, at most 256 characters.
std::string sanitizedProviderText(const std::string& text);

}  // namespace walletd
